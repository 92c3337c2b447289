/**
 * The mails an account's owner gets: the link that verifies their address, and notices of
 * changes to how they sign in (the notice of wrong second-factor codes is a worker's:
 * domain/account/notices.ts), so that a change they did not make does not go unnoticed.
 * Notices are keyed by the change (its log position): sent again, they are the same message.
 */
import { istDateTime } from '../../domain/account/notices.ts';
import type { MailMessage, Mailer } from '../../platform/mail/port.ts';
import { type LinkConfig, linkTo } from '../../platform/config/links.ts';
import { logger } from '../../platform/log.ts';

const log = logger('mail');

export function verificationMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Verify your MIBI e-mail address',
    text: [
      'Welcome to MIBI! Please confirm that this is your e-mail address:',
      '',
      link,
      '',
      'The link works once and expires in 48 hours. Sellers can list products once their address is verified.',
      'If you did not create a MIBI account, ignore this e-mail: no account will use this address until it is verified.',
    ].join('\n'),
  };
}

/** What to do when the change was not theirs: take the account back with a reset, which also signs everyone out. */
const notYou = (config: LinkConfig): string[] => [
  'If this was you, there is nothing to do.',
  '',
  `If it was not you, someone else may have your password: reset it now at ${linkTo(config, '/forgot-password')}`,
  '(a reset signs out every device), and tell us by replying to this e-mail.',
];

export function passwordChangedMail(config: LinkConfig, to: string, at: string, key: string): MailMessage {
  return {
    to,
    key,
    subject: 'Your MIBI password was changed',
    text: [`The password of your MIBI account (${to}) was changed on ${istDateTime(at)}.`, '', ...notYou(config)].join(
      '\n',
    ),
  };
}

export function secondFactorChangedMail(
  config: LinkConfig,
  to: string,
  change: 'on' | 'off' | 'codes',
  at: string,
  key: string,
): MailMessage {
  const what = {
    on: 'Two-step sign-in was turned on for your MIBI account',
    off: 'Two-step sign-in was turned off for your MIBI account',
    codes: 'New recovery codes were made for your MIBI account (the old ones no longer work)',
  }[change];
  return {
    to,
    key,
    subject: `${what.replace(/ for your MIBI account.*$/, '')}`,
    text: [`${what} (${to}) on ${istDateTime(at)}.`, '', ...notYou(config)].join('\n'),
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
