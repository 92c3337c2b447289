/**
 * Verifies the address of an account signed up over HTTP against a running server, as its
 * owner would: the link from the development mailbox (`DATA_DIR/mail`), followed. Sellers list
 * products only from a verified address.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function verifyEmailByMailbox(base: string, dataDir: string, email: string): Promise<void> {
  const folder = join(dataDir, 'mail');
  const names = (await readdir(folder))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .reverse();
  for (const name of names) {
    const mail = JSON.parse(await readFile(join(folder, name), 'utf8')) as { to: string; text: string };
    const token = mail.to.toLowerCase() === email.toLowerCase() && /\/verify-email\?token=(\S+)/.exec(mail.text)?.[1];
    if (!token) continue;
    const reply = await fetch(`${base}/api/auth/verify-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: decodeURIComponent(token) }),
    });
    if (reply.status !== 200) throw new Error(`verify-email: ${reply.status} ${await reply.text()}`);
    return;
  }
  throw new Error(`no verification mail to ${email} in ${folder}`);
}
