/**
 * The owner's mail after a burst of wrong second-factor codes ("someone is guessing your
 * codes"), derived from the account's SecondFactorCodesLocked event: one mail per burst,
 * however often the job runs or the process dies. The job sends it, then records it on the
 * notice's stream; a retry after the record does nothing, and one between the mail server's
 * acceptance and the record sends the same message again (its key derives from the event).
 */
import { accountDecider } from '../domain/account/decider.ts';
import { type AccountEvent, accountStream } from '../domain/account/events.ts';
import { codeFailuresMail, noticeDecider, noticeStream } from '../domain/account/notices.ts';
import { linkTo } from '../platform/config/links.ts';
import type { Streams } from '../platform/eventstore/streams.ts';
import type { Effect } from './effect.ts';
import { mailLanguage } from './mail-language.ts';
import { type Cause, type Worker, causeOf, causedBy } from './worker.ts';

export const TELL_CODE_FAILURES = 'tell-code-failures';

type CodesLocked = Extract<AccountEvent, { type: 'SecondFactorCodesLocked' }>;

export interface TellCodeFailuresJob {
  data: CodesLocked['data'];
  /** The SecondFactorCodesLocked event: the notice is named after it. */
  cause: Cause;
}

const mailed = async (streams: Streams, eventId: string): Promise<boolean> =>
  (await streams.load(noticeStream(eventId), noticeDecider)).state;

/** Every burst from the effect's first start on (bursts told inline before it are not told again). */
export const tellCodeFailuresEffect: Effect<TellCodeFailuresJob, CodesLocked> = {
  job: TELL_CODE_FAILURES,
  reactor: 'reactor:tell-code-failures',
  reconciler: 'reconcile:tell-code-failures',
  eventTypes: new Set(['SecondFactorCodesLocked'] as const),
  jobsOf(locked) {
    const job = { data: locked.data, cause: causeOf(locked) };
    return [{ job, options: { jobId: `${TELL_CODE_FAILURES}:${locked.id}` } }];
  },
  done: (streams, { cause }) => mailed(streams, cause.eventId),
  from: 'now',
};

export const tellCodeFailures: Worker<TellCodeFailuresJob> = {
  name: TELL_CODE_FAILURES,
  async handle({ data: { data, cause } }, { platform, streams, links, now }) {
    if (await mailed(streams, cause.eventId)) return;
    const account = (await streams.load(accountStream(data.userId), accountDecider)).state;
    if (!account) throw new Error(`No account ${data.userId}`);
    const burst = { failures: data.failures, waitMinutes: Math.round(data.waitMs / 60_000) };
    await platform.mail.send({
      to: account.email,
      ...codeFailuresMail(
        account.email,
        burst,
        data.at,
        linkTo(links, '/forgot-password'),
        mailLanguage(account.language),
      ),
      key: `code-failures:${cause.eventId}`,
    });
    const record = { type: 'RecordNoticeMailed', userId: data.userId, to: account.email, at: now() } as const;
    // Of two attempts racing, the one that records second finds it recorded and records nothing.
    await streams.handle(noticeStream(cause.eventId), noticeDecider, record, causedBy(cause));
  },
};
