/**
 * Notices to an account's owner that workers derive from the account's events, and the record
 * that each went out: one stream per notice, named after the event it tells of, appended once
 * however often the job runs (as an order's confirmation is, order/confirmation.ts).
 */
import type { Decider } from '../decider.ts';

/** When it happened, as people in India read it. */
export const istDateTime = (at: string): string =>
  `${new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(new Date(at))} IST`;

/** The record of the notice of the event `eventId`. */
export const noticeStream = (eventId: string): string => `account-notice-${eventId}`;

export type NoticeEvent = { type: 'AccountNoticeMailed'; data: { userId: string; to: string; at: string } };

export type RecordNoticeMailed = { type: 'RecordNoticeMailed' } & NoticeEvent['data'];

/** The state is whether the notice went out: recorded once. */
export const noticeDecider: Decider<RecordNoticeMailed, boolean, NoticeEvent> = {
  initialState: false,
  evolve: () => true,
  decide: ({ type: _, ...data }, mailed) => (mailed ? [] : [{ type: 'AccountNoticeMailed', data }]),
};

/**
 * After a burst of wrong second-factor codes: someone who got past the password is guessing
 * codes. `resetUrl`: the forgot-password page.
 */
export function codeFailuresMail(
  to: string,
  burst: { failures: number; waitMinutes: number },
  at: string,
  resetUrl: string,
): { subject: string; text: string } {
  return {
    subject: 'Wrong sign-in codes for your MIBI account',
    text: [
      `Someone signed in to your MIBI account (${to}) with its password and then gave ${burst.failures} wrong codes of the second step, the last on ${istDateTime(at)}.`,
      `Codes are refused for the next ${burst.waitMinutes} minutes, and longer after each further burst.`,
      '',
      'If this was you, there is nothing to do.',
      '',
      `If it was not you, someone else has your password: change it now at ${resetUrl}`,
      '(a reset signs out every device), and tell us by replying to this e-mail.',
    ].join('\n'),
  };
}
