import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidMailError, type Mailbox, type Mailer, type MailMessage } from './port.ts';

export interface OpenedMailer {
  mailer: Mailer;
  /** Every message that has reached the far side so far, raw as it arrived. */
  delivered(): Promise<string[]>;
  cleanup(): Promise<void>;
}

export interface OpenedMailbox {
  mailbox: Mailer & Mailbox;
  /** Another mailbox over the same storage, as after a restart. */
  reopen(): Mailer & Mailbox;
  cleanup(): Promise<void>;
}

const FROM = 'MIBI <no-reply@mibi.example>';

// Short ASCII lines, so every adapter delivers them verbatim (no encoding or wrapping).
const reset: MailMessage = {
  to: 'asha@example.in',
  subject: 'Reset your MIBI password',
  text: 'Open https://mibi.example/reset?token=abc123 to choose a new password.',
  html: '<p><a href="https://mibi.example/reset?token=abc123">Reset</a></p>',
};

const BAD_ADDRESSES = [
  '',
  'asha',
  'asha@',
  '@example.in',
  'asha@localhost',
  'asha @example.in',
  ' asha@example.in',
  'a@example.in, b@example.in',
  'Asha <asha@example.in>',
];
const INJECTIONS: MailMessage[] = [
  { ...reset, to: 'asha@example.in\r\nBcc: eve@example.in' },
  { ...reset, to: 'asha@example.in\nBcc: eve@example.in' },
  { ...reset, subject: 'Hello\r\nBcc: eve@example.in' },
  { ...reset, subject: 'Hello\rBcc: eve@example.in' },
];

const invalid = (message: RegExp) => (error: unknown) =>
  error instanceof InvalidMailError && message.test(error.message);

/** The behaviour every Mailer adapter must show; each test gets a freshly opened mailer sending as `FROM`. */
export function mailerContract(name: string, open: (from: string) => Promise<OpenedMailer>): void {
  describe(`Mailer contract: ${name}`, () => {
    let opened: OpenedMailer;
    let mailer: Mailer;

    beforeEach(async () => {
      opened = await open(FROM);
      mailer = opened.mailer;
    });

    afterEach(async () => {
      await opened.cleanup();
    });

    it('answers the message with an id, the sender and the send time', async () => {
      const before = Date.now();
      const sent = await mailer.send(reset);
      expect(sent).toMatchObject({ ...reset, from: FROM });
      expect(sent.id).not.toBe('');
      expect(new Date(sent.sentAt).toISOString()).toBe(sent.sentAt);
      expect(Date.parse(sent.sentAt)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(sent.sentAt)).toBeLessThanOrEqual(Date.now());
    });

    it('delivers the sender, recipient, subject and both bodies', async () => {
      await mailer.send(reset);
      const delivered = await opened.delivered();
      expect(delivered).toHaveLength(1);
      for (const expected of [
        `From: ${FROM}`,
        `To: ${reset.to}`,
        `Subject: ${reset.subject}`,
        reset.text,
        reset.html ?? '',
      ]) {
        expect(delivered[0]).toContain(expected);
      }
    });

    it('sends a text-only message without an HTML part', async () => {
      const { html: _, ...textOnly } = reset;
      const sent = await mailer.send(textOnly);
      expect(sent.html).toBeUndefined();
      const [raw] = await opened.delivered();
      expect(raw).toContain(reset.text);
      expect(raw).not.toContain('text/html');
    });

    it('gives every message its own id', async () => {
      const ids = new Set<string>();
      for (let i = 0; i < 3; i++) ids.add((await mailer.send({ ...reset, subject: `Notice ${i}` })).id);
      expect(ids.size).toBe(3);
      expect(await opened.delivered()).toHaveLength(3);
    });

    it('gives a keyed message the same id every time it is sent', async () => {
      const first = await mailer.send({ ...reset, key: 'notification:seller-1-order-1' });
      const again = await mailer.send({ ...reset, key: 'notification:seller-1-order-1' });
      const other = await mailer.send({ ...reset, key: 'notification:seller-1-order-2' });
      expect(again.id).toBe(first.id);
      expect(other.id).not.toBe(first.id);
    });

    it('refuses a recipient that is not exactly one e-mail address, delivering nothing', async () => {
      for (const to of BAD_ADDRESSES) {
        await expect(mailer.send({ ...reset, to }), JSON.stringify(to)).rejects.toSatisfy(
          invalid(/^Not an e-mail address/),
        );
      }
      expect(await opened.delivered()).toEqual([]);
    });

    it('refuses a line break in the recipient or subject, delivering nothing', async () => {
      for (const message of INJECTIONS) {
        await expect(mailer.send(message), JSON.stringify(message)).rejects.toSatisfy(invalid(/^Header injection/));
      }
      expect(await opened.delivered()).toEqual([]);
    });
  });
}

/** The behaviour every adapter that also offers a Mailbox must show; each test gets a fresh, empty one. */
export function mailboxContract(name: string, open: () => Promise<OpenedMailbox>): void {
  describe(`Mailbox contract: ${name}`, () => {
    let opened: OpenedMailbox;
    let mailbox: Mailer & Mailbox;

    beforeEach(async () => {
      opened = await open();
      mailbox = opened.mailbox;
    });

    afterEach(async () => {
      await opened.cleanup();
    });

    const sendTo = (to: string, subject: string) => mailbox.send({ to, subject, text: `${subject} for ${to}` });

    it('lists nothing before anything was sent', async () => {
      expect(await mailbox.list()).toEqual([]);
    });

    it('lists every message as sent, newest first, even when sent in one burst', async () => {
      const sent = [];
      for (let i = 0; i < 5; i++) sent.push(await sendTo('asha@example.in', `Notice ${i}`));
      expect(await mailbox.list()).toEqual(sent.reverse());
    });

    it('lists concurrent sends once each, by send time', async () => {
      const sent = await Promise.all(
        Array.from({ length: 10 }, (_, i) => sendTo(`buyer${i}@example.in`, `Order ${i}`)),
      );
      const listed = await mailbox.list();
      expect(listed).toHaveLength(10);
      expect(new Set(listed.map((mail) => mail.id))).toEqual(new Set(sent.map((mail) => mail.id)));
      const times = listed.map((mail) => mail.sentAt);
      expect(times).toEqual([...times].sort().reverse());
    });

    it('filters by recipient, ignoring case', async () => {
      const first = await sendTo('asha@example.in', 'First');
      await sendTo('ravi@example.in', 'Other');
      const second = await sendTo('Asha@Example.in', 'Second');
      expect(await mailbox.list({ to: 'ASHA@example.in' })).toEqual([second, first]);
      expect(await mailbox.list({ to: 'nobody@example.in' })).toEqual([]);
    });

    it('limits the listing to the newest, after filtering', async () => {
      const sent = [];
      for (const to of ['asha@example.in', 'ravi@example.in', 'asha@example.in', 'ravi@example.in'])
        sent.push(await sendTo(to, 'Notice'));
      expect(await mailbox.list({ limit: 3 })).toEqual([sent[3], sent[2], sent[1]]);
      expect(await mailbox.list({ to: 'asha@example.in', limit: 1 })).toEqual([sent[2]]);
      expect(await mailbox.list({ limit: 0 })).toEqual([]);
    });

    it('keeps messages across reopening and lists later ones before them', async () => {
      const before = await sendTo('asha@example.in', 'Before the restart');
      await mailbox.close();
      const reopened = opened.reopen();
      try {
        expect(await reopened.list()).toEqual([before]);
        const after = await reopened.send({
          to: 'asha@example.in',
          subject: 'After the restart',
          text: 'Welcome back',
        });
        expect(await reopened.list()).toEqual([after, before]);
      } finally {
        await reopened.close();
      }
    });
  });
}
