import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assertSender, checkedMessage, type Mailbox, type Mailer, type MailMessage, messageIdOf, type SentMail } from './port.ts';
import { writeFileAtomically } from '../files.ts';

/*
 * Layout: each message is `<dir>/<time>-<id>.json` (what `list` reads) beside
 * `<dir>/<time>-<id>.eml` (what a developer opens to follow a reset link). `<time>` is the
 * ISO send time without `:` and `.`, so names sort by time. Each file is written to a temp
 * name and renamed; the JSON goes last and is the commit point, so `list` never sees half
 * a message.
 */
const RECORD = '.json';

let lastSentMs = 0;

/**
 * Send times strictly increase within the process (a burst within one millisecond is
 * spread over the next ones), so file names order messages even across mailers opened
 * on the same folder.
 */
function nextSentAt(): string {
  lastSentMs = Math.max(Date.now(), lastSentMs + 1);
  return new Date(lastSentMs).toISOString();
}

/** A MIME message kept in 8-bit UTF-8 rather than encoded, so long links stay whole and readable. */
function toEml(mail: SentMail): string {
  const headers = [
    `From: ${mail.from}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    `Date: ${new Date(mail.sentAt).toUTCString()}`,
    `Message-ID: <${mail.id}@mibi.folder>`,
    'MIME-Version: 1.0',
  ];
  const part = (type: string, body: string) => `Content-Type: ${type}; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n${body}\n`;
  if (mail.html === undefined) return `${headers.join('\n')}\n${part('text/plain', mail.text)}`;
  const boundary = `alt-${mail.id}`;
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    part('text/plain', mail.text),
    `--${boundary}`,
    part('text/html', mail.html),
    `--${boundary}--`,
    '',
  ].join('\n');
}

export class FolderMailer implements Mailer, Mailbox {
  readonly kind = 'folder';

  constructor(
    private readonly dir: string,
    private readonly from: string,
  ) {
    assertSender(from);
  }

  /**
   * A keyed message already in the folder is not written again (the one found is answered):
   * a retry after a crash leaves one copy. Two sends of one key at the same moment may both
   * write; the senders here never run one effect twice at once.
   */
  async send(message: MailMessage): Promise<SentMail> {
    const checked = checkedMessage(message);
    const id = messageIdOf(checked);
    if (checked.key !== undefined) {
      const sent = (await this.records()).find((name) => name.endsWith(`-${id}${RECORD}`));
      if (sent) return JSON.parse(await readFile(join(this.dir, sent), 'utf8')) as SentMail;
    }
    const mail: SentMail = { ...checked, id, from: this.from, sentAt: nextSentAt() };
    const base = join(this.dir, `${mail.sentAt.replace(/[:.]/g, '')}-${mail.id}`);
    await mkdir(this.dir, { recursive: true });
    await writeFileAtomically(`${base}.eml`, toEml(mail));
    await writeFileAtomically(base + RECORD, `${JSON.stringify(mail, null, 2)}\n`);
    return mail;
  }

  async list(options: { to?: string; limit?: number } = {}): Promise<SentMail[]> {
    const { to, limit = Infinity } = options;
    const names = (await this.records()).sort().reverse();
    const found: SentMail[] = [];
    for (const name of names) {
      if (found.length >= limit) break;
      const mail = JSON.parse(await readFile(join(this.dir, name), 'utf8')) as SentMail;
      if (to === undefined || mail.to.toLowerCase() === to.toLowerCase()) found.push(mail);
    }
    return found;
  }

  private async records(): Promise<string[]> {
    try {
      return (await readdir(this.dir)).filter((name) => name.endsWith(RECORD));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  async close(): Promise<void> {}
}
