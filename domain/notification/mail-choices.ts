/** The user's choice of notice mails, as the account page sends it and the API checks it. */
import { z } from 'zod';
import { NOTICE_KINDS } from './notices.ts';

export const MAIL_CHOICE_MESSAGE = /*i18n*/ 'Choose among the mails on offer';

/** The kinds of notice to get in the app only; every other kind is mailed too. */
export const mailChoicesSchema = z.object({
  muted: z
    .array(z.enum(NOTICE_KINDS, { error: MAIL_CHOICE_MESSAGE }), { error: MAIL_CHOICE_MESSAGE })
    .max(NOTICE_KINDS.length, MAIL_CHOICE_MESSAGE),
});
