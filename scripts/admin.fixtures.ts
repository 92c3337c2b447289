/**
 * An admin's session on a server started by a test or benchmark (another process, so the test
 * harness's shortcuts are out of reach): signs in as a browser would, enrolling the
 * authenticator the first sign-in asks for with the secret the set-up shows.
 */
import { totpCode, totpStep } from '../api/auth/totp.ts';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function decodeBase32(text: string): Uint8Array {
  const bytes: number[] = [];
  let value = 0;
  let bits = 0;
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    value = ((value << 5) | BASE32.indexOf(char)) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

/** The session cookie of the admin `email`, who has not signed in before (the first sign-in enrols). */
export async function adminCookie(base: string, email: string, password: string): Promise<string> {
  const post = (path: string, body: unknown, cookie = '') =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, ...(cookie && { cookie }) },
      body: JSON.stringify(body),
    });
  const signIn = await post('/api/auth/signin', { email, password });
  const { step, challenge } = (await signIn.json()) as { step?: string; challenge: string };
  if (step !== 'totp_enrol') throw new Error(`the sign-in of ${email} answered ${signIn.status} (${step})`);
  const setup = (await (await post('/api/auth/totp/setup', { challenge })).json()) as {
    secret: string;
    enrolment: string;
  };
  const code = totpCode(decodeBase32(setup.secret), totpStep(Date.now()));
  const enrolled = await post('/api/auth/totp/enrol', { challenge, enrolment: setup.enrolment, code });
  const cookie = enrolled.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (enrolled.status !== 201 || !cookie) throw new Error(`the enrolment of ${email} answered ${enrolled.status}`);
  return cookie;
}
