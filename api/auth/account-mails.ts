/**
 * The mails an account's owner gets: the link that verifies their address, and notices of
 * changes to how they sign in, so that a change they did not make does not go unnoticed.
 * Notices are keyed by the change (its log position): sent again, they are the same message.
 */
import type { Config } from '../../platform/config/config.ts';
import type { MailMessage, Mailer } from '../../platform/mail/port.ts';
import { linkTo } from './links.ts';
import { logger } from '../../platform/log.ts';

const log = logger('mail');

type LinkConfig = Pick<Config, 'PUBLIC_URL' | 'PORT'>;

/** When it happened, as people in India read it. */
const when = (at: string): string =>
  `${new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(new Date(at))} IST`;

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
    text: [`The password of your MIBI account (${to}) was changed on ${when(at)}.`, '', ...notYou(config)].join('\n'),
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
    text: [`${what} (${to}) on ${when(at)}.`, '', ...notYou(config)].join('\n'),
  };
}

/**
 * After a burst of wrong second-factor codes: someone who got past the password is guessing
 * codes. Keyed by the burst, so the owner hears of each burst once.
 */
export function codeFailuresMail(
  config: LinkConfig,
  to: string,
  burst: { failures: number; waitMinutes: number },
  at: string,
  key: string,
): MailMessage {
  return {
    to,
    key,
    subject: 'Wrong sign-in codes for your MIBI account',
    text: [
      `Someone signed in to your MIBI account (${to}) with its password and then gave ${burst.failures} wrong codes of the second step, the last on ${when(at)}.`,
      `Codes are refused for the next ${burst.waitMinutes} minutes, and longer after each further burst.`,
      '',
      'If this was you, there is nothing to do.',
      '',
      `If it was not you, someone else has your password: change it now at ${linkTo(config, '/forgot-password')}`,
      '(a reset signs out every device), and tell us by replying to this e-mail.',
    ].join('\n'),
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
