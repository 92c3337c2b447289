/**
 * Notices to an account's owner that workers derive from the account's events, and the record
 * that each went out: one stream per notice, named after the event it tells of, appended once
 * however often the job runs (as an order's confirmation is, order/confirmation.ts).
 */
import type { Decider } from '../decider.ts';
import { FORMAT_LOCALE } from '../i18n/locales.ts';
import { english, type Translate } from '../i18n/message.ts';

/** When it happened, as people in India read it. */
export const istDateTime = (at: string, formatLocale = FORMAT_LOCALE.en): string =>
  `${new Intl.DateTimeFormat(formatLocale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(new Date(at))} IST`;

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
  { t, formatLocale }: { t: Translate; formatLocale: string } = { t: english, formatLocale: FORMAT_LOCALE.en },
): { subject: string; text: string } {
  return {
    subject: t(/*i18n*/ 'Wrong sign-in codes for your MIBI account'),
    text: [
      t(
        /*i18n*/ 'Someone signed in to your MIBI account ({email}) with its password and then gave {failures} wrong codes of the second step, the last on {at}.',
        { email: to, failures: burst.failures, at: istDateTime(at, formatLocale) },
      ),
      t(/*i18n*/ 'Codes are refused for the next {minutes} minutes, and longer after each further burst.', {
        minutes: burst.waitMinutes,
      }),
      '',
      t(/*i18n*/ 'If this was you, there is nothing to do.'),
      '',
      t(/*i18n*/ 'If it was not you, someone else has your password: change it now at {link}', { link: resetUrl }),
      t(/*i18n*/ '(a reset signs out every device), and tell us by replying to this e-mail.'),
    ].join('\n'),
  };
}
