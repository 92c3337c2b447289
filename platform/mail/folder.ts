import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  assertSender,
  checkedMessage,
  type Mailbox,
  type Mailer,
  type MailMessage,
  messageIdOf,
  type SentMail,
} from './port.ts';
import { writeFileAtomically } from '../files.ts';

/*
 * Layout: each message is `<dir>/<time>-<id>.json` (what `list` reads) beside
 * `<dir>/<time>-<id>.eml` (what a developer opens to follow a reset link). `<time>` is the
 * ISO send time without `:` and `.`, so names sort by time. Each file is written to a temp
 * name and renamed; the JSON goes last and is the commit point, so `list` never sees half
 * a message.
 *
 * A keyed message also has `<dir>/keys/<id>`, holding its send time, so a send finds an earlier
 * one of its key in one read, however many messages the folder holds. It is created (exclusively)
 * before the message's files: a send interrupted after it is completed by the next send of the
 * key, under the same names, rather than written twice.
 */
const RECORD = '.json';
const KEYS = 'keys';

const SENT_AT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const fileStem = (sentAt: string, id: string) => `${sentAt.replace(/[:.]/g, '')}-${id}`;

/** A keyed record's file name (its id is a 32-digit hex digest): its send time and id. */
const KEYED_RECORD = /^(\d{4}-\d\d-\d\dT\d\d)(\d\d)(\d\d)(\d{3})Z-([0-9a-f]{32})\.json$/;

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
  const part = (type: string, body: string) =>
    `Content-Type: ${type}; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n${body}\n`;
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
   * a retry after a crash leaves one copy. Of two sends of one key at the same moment, the
   * second writes the first one's files again (one copy), or rarely a second copy; the senders
   * here never run one effect twice at once.
   */
  async send(message: MailMessage): Promise<SentMail> {
    const checked = checkedMessage(message);
    const id = messageIdOf(checked);
    let sentAt = nextSentAt();
    if (checked.key !== undefined) {
      const earlier = await this.claimKey(id, sentAt);
      if (earlier !== undefined) {
        const sent = await this.record(fileStem(earlier, id));
        if (sent) return sent;
        sentAt = earlier; // that send stopped before its record: this one completes it
      }
    } else await mkdir(this.dir, { recursive: true });
    const mail: SentMail = { ...checked, id, from: this.from, sentAt };
    const base = join(this.dir, fileStem(sentAt, id));
    await writeFileAtomically(`${base}.eml`, toEml(mail));
    await writeFileAtomically(base + RECORD, `${JSON.stringify(mail, null, 2)}\n`);
    return mail;
  }

  /** Creates the key's entry with this send's time, or answers the time of the earlier send that did. */
  private async claimKey(id: string, sentAt: string): Promise<string | undefined> {
    const entry = join(this.dir, KEYS, id);
    for (let indexed = false; ; indexed = true) {
      try {
        await writeFile(entry, sentAt, { flag: 'wx' });
        return undefined;
      } catch (error) {
        const { code } = error as NodeJS.ErrnoException;
        if (code === 'ENOENT' && !indexed) {
          await this.indexKeys();
          continue;
        }
        if (code !== 'EEXIST') throw error;
      }
      const earlier = await readFile(entry, 'utf8');
      if (SENT_AT.test(earlier)) return earlier;
      // Created by a send that stopped before writing its time, so before any file of its message.
      await writeFile(entry, sentAt);
      return undefined;
    }
  }

  /**
   * Makes the folder and its keys: one for each keyed message already in it, from a folder
   * written before keys were kept. Built aside and renamed into place, so no send ever sees
   * half of them; of two processes building them at once, the first rename wins.
   */
  private async indexKeys(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const building = join(this.dir, `${KEYS}~${randomUUID()}.tmp`);
    await mkdir(building);
    try {
      for (const name of await this.records()) {
        const [, dayHour, minute, second, ms, id] = KEYED_RECORD.exec(name) ?? [];
        if (id) await writeFile(join(building, id), `${dayHour}:${minute}:${second}.${ms}Z`);
      }
      await rename(building, join(this.dir, KEYS));
    } catch (error) {
      const { code } = error as NodeJS.ErrnoException;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    } finally {
      await rm(building, { recursive: true, force: true });
    }
  }

  /** The committed record of `<stem>.json`, if there is one. */
  private async record(stem: string): Promise<SentMail | undefined> {
    try {
      return JSON.parse(await readFile(join(this.dir, stem + RECORD), 'utf8')) as SentMail;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
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
