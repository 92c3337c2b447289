/**
 * Mails a new message to the other party of its thread when they are away
 * (domain/conversation/away.ts: not reading the thread in the minutes before it; once for a run
 * of unread messages). Derived from the log as every effect is (effect.ts): a job per message
 * posted, the mail recorded on the thread's stream (ThreadMessageMailed), so a retried, replayed
 * or re-added job mails nothing more; a crash between the mail server's acceptance and the record
 * sends it again under the same key (the same Message-ID), so the reader sees one.
 *
 * The effect starts at the log's end on a log it did not follow (`from: 'now'`).
 */
import { accountDecider } from '../domain/account/decider.ts';
import { accountStream } from '../domain/account/events.ts';
import { mailDue } from '../domain/conversation/away.ts';
import { threadDecider } from '../domain/conversation/decider.ts';
import { type ThreadEvent, threadStream } from '../domain/conversation/events.ts';
import { shortSellerOrderId } from '../domain/order/status.ts';
import { linkTo } from '../platform/config/links.ts';
import type { Streams } from '../platform/eventstore/streams.ts';
import type { Effect } from './effect.ts';
import { mailTranslator } from './mail-language.ts';
import { type Cause, type Worker, causedBy } from './worker.ts';

export const THREAD_MAIL = 'thread-mail';

export interface ThreadMailJob {
  sellerOrderId: string;
  messageId: string;
  cause: Cause;
}

type Posted = Extract<ThreadEvent, { type: 'ThreadMessagePosted' }>;

const threadOf = async (streams: Streams, sellerOrderId: string) =>
  (await streams.load(threadStream(sellerOrderId), threadDecider)).state;

export const threadMailEffect: Effect<ThreadMailJob, Posted> = {
  job: THREAD_MAIL,
  reactor: 'reactor:thread-mail',
  reconciler: 'reconcile:thread-mail',
  eventTypes: new Set(['ThreadMessagePosted']),
  jobsOf({ id, data: { sellerOrderId, messageId }, metadata }) {
    const job = { sellerOrderId, messageId, cause: { eventId: id, correlationId: metadata.correlationId } };
    return [{ job, options: { jobId: `${THREAD_MAIL}:${id}` } }];
  },
  async done(streams, { sellerOrderId, messageId }) {
    const thread = await threadOf(streams, sellerOrderId);
    return thread !== null && mailDue(thread, messageId) === null;
  },
  from: 'now',
};

export const threadMail: Worker<ThreadMailJob> = {
  name: THREAD_MAIL,
  async handle({ data: { sellerOrderId, messageId, cause } }, { streams, platform, links, now }) {
    const thread = await threadOf(streams, sellerOrderId);
    if (!thread) throw new Error(`No thread ${sellerOrderId}`);
    const due = mailDue(thread, messageId);
    if (!due) return;
    const reader = (await streams.load(accountStream(due.to), accountDecider)).state;
    if (!reader) throw new Error(`No account ${due.to}`);
    const order = `#${shortSellerOrderId(sellerOrderId)}`;
    const t = mailTranslator(reader.language);
    const link = linkTo(links, `/messages/${encodeURIComponent(sellerOrderId)}`);
    await platform.mail.send({
      to: reader.email,
      subject: t(/*i18n*/ 'New message about order {order}', { order }),
      text: `${t(/*i18n*/ 'Hello {name},', { name: reader.fullName })}\n\n${t(
        /*i18n*/ 'You have a new message about order {order} on MIBI. Read it and answer here:',
        { order },
      )}\n${link}\n`,
      key: `thread-message:${messageId}`,
    });
    const mailed = { type: 'RecordMessageMailed', messageId, to: due.to, at: now() } as const;
    await streams.handle(threadStream(sellerOrderId), threadDecider, mailed, causedBy(cause));
  },
};
