/**
 * What the browser tests need of e-mail verification and two-step sign-in against the server
 * they run (its DATA_DIR, e2e/servers.ts): the links in its development
 * mailbox, and the demo admin's second factor.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { generateHOTP } from '@oslojs/otp';
import { serverDataDir } from './servers.ts';

/** The DATA_DIR of servers a spec runs itself, by base URL; the shard's server's is in e2e/servers.ts. */
const dataDirs = new Map<string, string>();

/** Tells where a server that a spec started keeps its data (its mailbox), so its sign-ups can be verified. */
export function useDataDir(baseURL: string, dir: string): void {
  dataDirs.set(new URL(baseURL).origin, dir);
}

const dataDir = (baseURL?: string): string =>
  (baseURL && dataDirs.get(new URL(baseURL).origin)) || serverDataDir(baseURL);

/** The token of the newest verification link mailed to `email` by the server at `baseURL` (the test's own by default). */
export function verificationToken(email: string, baseURL?: string): string {
  const folder = join(dataDir(baseURL), 'mail');
  for (const name of readdirSync(folder)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .reverse()) {
    const mail = JSON.parse(readFileSync(join(folder, name), 'utf8')) as { to: string; text: string };
    const token = mail.to.toLowerCase() === email.toLowerCase() && /\/verify-email\?token=(\S+)/.exec(mail.text)?.[1];
    if (token) return decodeURIComponent(token);
  }
  throw new Error(`no verification mail to ${email}`);
}

/** The mails the server at `baseURL` (the test's own by default) wrote to its development mailbox for `email`. */
export function mailsTo(email: string, baseURL?: string): Array<{ to: string; subject: string; text: string }> {
  const folder = join(dataDir(baseURL), 'mail');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map(
      (name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as { to: string; subject: string; text: string },
    )
    .filter((mail) => mail.to.toLowerCase() === email.toLowerCase());
}

/** Follows the mailed link, as the address's owner would (sellers list products only from a verified address). */
export async function verifyEmailByApi(request: APIRequestContext, baseURL: string, email: string): Promise<void> {
  const response = await request.post(`${baseURL}/api/auth/verify-email`, {
    data: { token: verificationToken(email, baseURL) },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** RFC 4648 base32 (the setup key an authenticator app is given) to bytes. */
function base32Bytes(text: string): Uint8Array {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return new Uint8Array(bytes);
}

/** The current code of an authenticator app set up with `secret` (base32). */
export const totpCodeOf = (secret: string, at = Date.now()): string =>
  generateHOTP(base32Bytes(secret), BigInt(Math.floor(at / 30_000)), 6);

/** The second factor of an admin the tests share across spec files: set up at its first sign-in. */
interface SecondFactor {
  secret: string;
  recoveryCodes: string[];
}

/** Kept in the server's DATA_DIR: the spec files of a run share it, a later run starts afresh. */
const secondFactorFile = (email: string, baseURL?: string) =>
  join(dataDir(baseURL), `e2e-second-factor-${email.toLowerCase()}.json`);

function savedSecondFactor(email: string, baseURL?: string): SecondFactor | null {
  try {
    return JSON.parse(readFileSync(secondFactorFile(email, baseURL), 'utf8')) as SecondFactor;
  } catch {
    return null;
  }
}

const save = (email: string, factor: SecondFactor, baseURL?: string) =>
  writeFileSync(secondFactorFile(email, baseURL), JSON.stringify(factor));

/**
 * A code for the admin's second step. Each TOTP code works once (a second sign-in within its
 * 30 seconds would wait for the next), so the tests sign in with the recovery codes, one each,
 * and make new ones with a TOTP code when few are left.
 */
export function nextRecoveryCode(email: string, baseURL?: string): string {
  const factor = savedSecondFactor(email, baseURL);
  if (!factor) throw new Error(`${email} has no second factor yet: sign in once with signInByApi first`);
  const code = factor.recoveryCodes.shift()!;
  save(email, factor, baseURL);
  return code;
}

/**
 * Signs `request`'s context in with e-mail and password, and the second step when the
 * sign-in asks for one: an admin without a second factor sets one up (kept for the next
 * sign-ins), one with it gives a recovery code.
 */
export async function completeSignIn(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  answer: { step?: string; challenge?: string },
): Promise<void> {
  const headers = { origin: baseURL };
  if (answer.step === 'totp_enrol') {
    const setup = (await (
      await request.post('/api/auth/totp/setup', { data: { challenge: answer.challenge }, headers })
    ).json()) as { secret: string; enrolment: string };
    const enrolled = await request.post('/api/auth/totp/enrol', {
      data: { challenge: answer.challenge, enrolment: setup.enrolment, code: totpCodeOf(setup.secret) },
      headers,
    });
    expect(enrolled.status(), await enrolled.text()).toBe(201);
    save(
      email,
      { secret: setup.secret, recoveryCodes: ((await enrolled.json()) as { recoveryCodes: string[] }).recoveryCodes },
      baseURL,
    );
  } else if (answer.step === 'totp_required') {
    const signedIn = await request.post('/api/auth/signin/totp', {
      data: { challenge: answer.challenge, code: nextRecoveryCode(email, baseURL) },
      headers,
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
  } else {
    return;
  }
  await topUpRecoveryCodes(request, baseURL, email);
}

/** New recovery codes (with a TOTP code) once few are left, so the tests never run out. */
async function topUpRecoveryCodes(request: APIRequestContext, baseURL: string, email: string): Promise<void> {
  const factor = savedSecondFactor(email, baseURL)!;
  if (factor.recoveryCodes.length > 3) return;
  let response = await request.post('/api/auth/totp/recovery-codes', {
    data: { code: totpCodeOf(factor.secret) },
    headers: { origin: baseURL },
  });
  // This step's code was used already (the set-up, moments ago): the next step's is accepted too.
  if (response.status() === 400)
    response = await request.post('/api/auth/totp/recovery-codes', {
      data: { code: totpCodeOf(factor.secret, Date.now() + 30_000) },
      headers: { origin: baseURL },
    });
  expect(response.status(), await response.text()).toBe(200);
  save(
    email,
    { ...factor, recoveryCodes: ((await response.json()) as { recoveryCodes: string[] }).recoveryCodes },
    baseURL,
  );
}
