/**
 * The mails an account's owner gets: the link that verifies their address, and notices of
 * changes to how they sign in (the notice of wrong second-factor codes is a worker's:
 * domain/account/notices.ts), so that a change they did not make does not go unnoticed.
 * Notices are keyed by the change (its log position): sent again, they are the same message.
 */
import { istDateTime } from '../../domain/account/notices.ts';
import type { Locale } from '../../domain/i18n/locales.ts';
import type { Translate } from '../../domain/i18n/message.ts';
import { mailLanguage } from '../../workers/mail-language.ts';
import type { MailMessage, Mailer } from '../../platform/mail/port.ts';
import { type LinkConfig, linkTo } from '../../platform/config/links.ts';
import { logger } from '../../platform/log.ts';

const log = logger('mail');

/** Who an account mail goes to: their address, and the messages and date format of their language (workers/mail-language.ts). */
export interface MailRecipient {
  email: string;
  language: { t: Translate; formatLocale: string };
}

/** An account as its mails address it: in the language its owner chose (English when none). */
export const mailRecipient = (account: { email: string; language: Locale | null }): MailRecipient => ({
  email: account.email,
  language: mailLanguage(account.language),
});

export function verificationMail({ email: to, language: { t } }: MailRecipient, link: string): MailMessage {
  return {
    to,
    subject: t(/*i18n*/ 'Verify your MIBI e-mail address'),
    text: [
      t(/*i18n*/ 'Welcome to MIBI! Please confirm that this is your e-mail address:'),
      '',
      link,
      '',
      t(
        /*i18n*/ 'The link works once and expires in 48 hours. Sellers can list products once their address is verified.',
      ),
      t(
        /*i18n*/ 'If you did not create a MIBI account, ignore this e-mail: no account will use this address until it is verified.',
      ),
    ].join('\n'),
  };
}

/** What to do when the change was not theirs: take the account back with a reset, which also signs everyone out. */
const notYou = (config: LinkConfig, t: Translate): string[] => [
  t(/*i18n*/ 'If this was you, there is nothing to do.'),
  '',
  t(/*i18n*/ 'If it was not you, someone else may have your password: reset it now at {link}', {
    link: linkTo(config, '/forgot-password'),
  }),
  t(/*i18n*/ '(a reset signs out every device), and tell us by replying to this e-mail.'),
];

export function passwordChangedMail(
  config: LinkConfig,
  recipient: MailRecipient,
  at: string,
  key: string,
): MailMessage {
  const { email: to, language } = recipient;
  const { t } = language;
  return {
    to,
    key,
    subject: t(/*i18n*/ 'Your MIBI password was changed'),
    text: [
      t(/*i18n*/ 'The password of your MIBI account ({email}) was changed on {at}.', {
        email: to,
        at: istDateTime(at, language.formatLocale),
      }),
      '',
      ...notYou(config, t),
    ].join('\n'),
  };
}

/** Each change of the second step: the mail's subject, and its first line's template. */
const SECOND_FACTOR_CHANGES = {
  on: {
    subject: /*i18n*/ 'Two-step sign-in was turned on',
    text: /*i18n*/ 'Two-step sign-in was turned on for your MIBI account ({email}) on {at}.',
  },
  off: {
    subject: /*i18n*/ 'Two-step sign-in was turned off',
    text: /*i18n*/ 'Two-step sign-in was turned off for your MIBI account ({email}) on {at}.',
  },
  codes: {
    subject: /*i18n*/ 'New recovery codes were made',
    text: /*i18n*/ 'New recovery codes were made for your MIBI account (the old ones no longer work) ({email}) on {at}.',
  },
} as const;

export function secondFactorChangedMail(
  config: LinkConfig,
  recipient: MailRecipient,
  change: 'on' | 'off' | 'codes',
  at: string,
  key: string,
): MailMessage {
  const { email: to, language } = recipient;
  const { t } = language;
  const { subject, text } = SECOND_FACTOR_CHANGES[change];
  return {
    to,
    key,
    subject: t(subject),
    text: [t(text, { email: to, at: istDateTime(at, language.formatLocale) }), '', ...notYou(config, t)].join('\n'),
  };
}

/**
 * Sends a notice; a mail server that fails it does not undo the change it tells of (the
 * change is made and recorded): the failure is logged for the operator.
 */
export async function sendNotice(mail: Pick<Mailer, 'send'>, message: MailMessage): Promise<void> {
  try {
    await mail.send(message);
  } catch (error) {
    log.error({ err: error }, `the notice "${message.subject}" to an account could not be sent`);
  }
}
