import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailboxContract, mailerContract } from './contract.ts';
import { FolderMailer } from './folder.ts';
import { InvalidMailError, messageIdOf } from './port.ts';

const FROM = 'MIBI <no-reply@mibi.example>';

async function emlFiles(dir: string): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')));
}

mailerContract('FolderMailer', async (from) => {
  const dir = await mkdtemp(join(tmpdir(), 'mibi-mail-'));
  return {
    mailer: new FolderMailer(dir, from),
    delivered: () => emlFiles(dir),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

mailboxContract('FolderMailer', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'mibi-mail-'));
  return {
    mailbox: new FolderMailer(dir, FROM),
    reopen: () => new FolderMailer(dir, FROM),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

describe('FolderMailer', () => {
  let dir: string;
  let mailer: FolderMailer;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mibi-mail-'));
    mailer = new FolderMailer(dir, FROM);
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps one copy of a keyed message sent again (a retried effect)', async () => {
    const message = { to: 'asha@example.in', subject: 'New order #1a2b3c4d', text: 'Hi', key: 'notification:s-o' };
    const first = await mailer.send(message);
    expect(await mailer.send(message)).toEqual(first);
    expect(await mailer.list()).toEqual([first]);
  });

  it('keeps one copy of a keyed message sent again after a restart, finding it by its key', async () => {
    const message = { to: 'asha@example.in', subject: 'New order #1a2b3c4d', text: 'Hi', key: 'notification:s-o' };
    const first = await mailer.send(message);
    const restarted = new FolderMailer(dir, FROM);
    expect(await restarted.send(message)).toEqual(first);
    expect(await readFile(join(dir, 'keys', first.id), 'utf8')).toBe(first.sentAt);
    expect(await restarted.list()).toEqual([first]);
  });

  it('finds the keyed messages of a folder written before keys were kept', async () => {
    const message = { to: 'asha@example.in', subject: 'New order #1a2b3c4d', text: 'Hi', key: 'notification:s-o' };
    const first = await mailer.send(message);
    await mailer.send({ to: 'ravi@example.in', subject: 'Hello', text: 'Hi' });
    await rm(join(dir, 'keys'), { recursive: true });
    const upgraded = new FolderMailer(dir, FROM);
    expect(await upgraded.send(message)).toEqual(first);
    expect(await upgraded.list({ to: 'asha@example.in' })).toEqual([first]);
    expect((await readdir(dir)).filter((name) => name.includes('~'))).toEqual([]);
  });

  it('completes a keyed send that stopped after taking its key, under the same names', async () => {
    const message = { to: 'asha@example.in', subject: 'New order #1a2b3c4d', text: 'Hi', key: 'notification:s-o' };
    const id = messageIdOf(message);
    await mkdir(join(dir, 'keys'));
    await writeFile(join(dir, 'keys', id), '2026-11-23T10:00:00.000Z');

    const sent = await mailer.send(message);
    expect(sent).toMatchObject({ id, sentAt: '2026-11-23T10:00:00.000Z' });
    expect((await readdir(dir)).sort()).toEqual([
      `2026-11-23T100000000Z-${id}.eml`,
      `2026-11-23T100000000Z-${id}.json`,
      'keys',
    ]);
    expect(await mailer.send(message)).toEqual(sent);
  });

  it('sends a keyed message whose key was left empty by a send stopped before writing its time', async () => {
    const message = { to: 'asha@example.in', subject: 'Hello', text: 'Hi', key: 'reset:1' };
    await mkdir(join(dir, 'keys'));
    await writeFile(join(dir, 'keys', messageIdOf(message)), '');
    const sent = await mailer.send(message);
    expect(await mailer.list()).toEqual([sent]);
    expect(await readFile(join(dir, 'keys', sent.id), 'utf8')).toBe(sent.sentAt);
  });

  it('writes a JSON record and a readable .eml per message, named by send time, and no temp files', async () => {
    const sent = await mailer.send({ to: 'asha@example.in', subject: 'Hello', text: 'Hi' });
    const base = `${sent.sentAt.replace(/[:.]/g, '')}-${sent.id}`;
    expect((await readdir(dir)).sort()).toEqual([`${base}.eml`, `${base}.json`]);
    expect(JSON.parse(await readFile(join(dir, `${base}.json`), 'utf8'))).toEqual(sent);
  });

  it('keeps a long reset link and non-ASCII text whole in the .eml', async () => {
    const link = `https://mibi.example/reset?token=${'x'.repeat(120)}`;
    const subject = 'पासवर्ड बदलें';
    await mailer.send({ to: 'asha@example.in', subject, text: `Open ${link} now.` });
    const [eml] = await emlFiles(dir);
    expect(eml).toContain(`Subject: ${subject}\n`);
    expect(eml).toContain(`Open ${link} now.\n`);
  });

  it('puts text and HTML in separate parts of one multipart message', async () => {
    await mailer.send({ to: 'asha@example.in', subject: 'Order placed', text: 'Plain body', html: '<b>Rich body</b>' });
    const [eml = ''] = await emlFiles(dir);
    const boundary = /boundary="([^"]+)"/.exec(eml)?.[1];
    const parts = eml.split(`--${boundary}`);
    expect(parts).toHaveLength(4);
    expect(parts[1]).toMatch(/text\/plain[\s\S]*Plain body/);
    expect(parts[2]).toMatch(/text\/html[\s\S]*<b>Rich body<\/b>/);
    expect(parts[3]).toBe('--\n');
  });

  it('lists nothing while the folder does not exist, and creates it on the first send', async () => {
    const outbox = new FolderMailer(join(dir, 'data', 'mail'), FROM);
    expect(await outbox.list()).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
    const sent = await outbox.send({ to: 'asha@example.in', subject: 'Hello', text: 'Hi' });
    expect(await outbox.list()).toEqual([sent]);
  });

  it('ignores files that are not committed records', async () => {
    const sent = await mailer.send({ to: 'asha@example.in', subject: 'Hello', text: 'Hi' });
    await writeFile(join(dir, '9999-12-31T235959999Z-stray.json~1.tmp'), '{');
    await writeFile(join(dir, 'notes.txt'), 'not mail');
    expect(await mailer.list()).toEqual([sent]);
  });

  it('refuses a sender that is not an address, and accepts a display name', () => {
    for (const from of ['', 'MIBI', 'MIBI <>', 'no-reply@mibi.example\r\nBcc: eve@example.in']) {
      expect(() => new FolderMailer(dir, from), from).toThrow(InvalidMailError);
    }
    expect(new FolderMailer(dir, 'no-reply@mibi.example').kind).toBe('folder');
    expect(new FolderMailer(dir, FROM).kind).toBe('folder');
  });
});
