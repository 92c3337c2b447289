import { z } from 'zod';
import { ROLES, SELF_SERVICE_ROLES } from '../actor.ts';
import { requiredText, tooLong } from '../fields.ts';
import { INVALID_RESET_TOKEN_MESSAGE } from './decider.ts';
import { EMAIL_VERIFICATION_MESSAGES } from './verification.ts';

export const MIN_PASSWORD_LENGTH = 6;
const MAX_PASSWORD_LENGTH = 128;
const MAX_EMAIL_LENGTH = 254;

export const ACCOUNT_MESSAGES = {
  fullNameRequired: /*i18n*/ 'Full name is required',
  emailRequired: /*i18n*/ 'Email is required',
  emailInvalid: /*i18n*/ 'Enter a valid email address',
  passwordRequired: /*i18n*/ 'Password is required',
  passwordTooShort: /*i18n*/ 'Password must be at least 6 characters long!',
  passwordsDontMatch: /*i18n*/ "Passwords don't match!",
  roleInvalid: /*i18n*/ 'Choose buyer or seller',
} as const;

const email = z
  .string({ error: ACCOUNT_MESSAGES.emailRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.emailRequired)
  .max(MAX_EMAIL_LENGTH, tooLong(/*i18n*/ 'Email', MAX_EMAIL_LENGTH))
  .pipe(z.email(ACCOUNT_MESSAGES.emailInvalid));

/** A password being chosen. Never trimmed: spaces are characters of the password. */
const newPassword = z
  .string({ error: ACCOUNT_MESSAGES.passwordTooShort })
  .min(MIN_PASSWORD_LENGTH, ACCOUNT_MESSAGES.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, tooLong(/*i18n*/ 'Password', MAX_PASSWORD_LENGTH));

/** A password being checked: older rules may have allowed other lengths, so only presence counts. */
const currentPassword = z
  .string({ error: ACCOUNT_MESSAGES.passwordRequired })
  .min(1, ACCOUNT_MESSAGES.passwordRequired)
  .max(MAX_PASSWORD_LENGTH, tooLong(/*i18n*/ 'Password', MAX_PASSWORD_LENGTH));

const selfServiceRole = z.enum(SELF_SERVICE_ROLES, { error: ACCOUNT_MESSAGES.roleInvalid });

/** Form variants ask for the new password again: `.extend(confirmation).refine(...passwordsMatch)`. */
const confirmation = { confirmPassword: z.string() };
type Confirmed = { password: string; confirmPassword: string };
const passwordsMatch: [check: (values: Confirmed) => boolean, issue: { message: string; path: string[] }] = [
  (values) => values.password === values.confirmPassword,
  { message: ACCOUNT_MESSAGES.passwordsDontMatch, path: ['confirmPassword'] },
];

export const signUpSchema = z.object({
  fullName: requiredText(ACCOUNT_MESSAGES.fullNameRequired, 100, /*i18n*/ 'Full name'),
  email,
  password: newPassword,
  role: selfServiceRole.default('buyer'),
});

export const signUpFormSchema = signUpSchema.extend(confirmation).refine(...passwordsMatch);

export const signInSchema = z.object({ email, password: currentPassword });

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z.object({
  token: z
    .string({ error: INVALID_RESET_TOKEN_MESSAGE })
    .min(1, INVALID_RESET_TOKEN_MESSAGE)
    .max(200, INVALID_RESET_TOKEN_MESSAGE),
  password: newPassword,
});

export const resetPasswordFormSchema = resetPasswordSchema.extend(confirmation).refine(...passwordsMatch);

export const changePasswordSchema = z.object({ currentPassword, password: newPassword });

export const changePasswordFormSchema = changePasswordSchema.extend(confirmation).refine(...passwordsMatch);

/** A user taking on another role themselves (spec section 6). */
export const addRoleSchema = z.object({ role: selfServiceRole });

/** An admin granting or removing any role of another user. */
export const roleChangeSchema = z.object({
  role: z.enum(ROLES, { error: /*i18n*/ 'Choose buyer, seller, admin or analyst' }),
});

/** The token of a verification link (the SPA's /verify-email page sends it). */
export const verifyEmailSchema = z.object({
  token: z
    .string({ error: EMAIL_VERIFICATION_MESSAGES.invalidToken })
    .min(1, EMAIL_VERIFICATION_MESSAGES.invalidToken)
    .max(200, EMAIL_VERIFICATION_MESSAGES.invalidToken),
});

const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app, or a recovery code';
/** A TOTP code (spaces allowed) or a recovery code ('abcdef-ghijkl-mnopqr-stuvwx'). */
const secondFactorCode = z.string({ error: CODE_REQUIRED }).trim().min(1, CODE_REQUIRED).max(40, CODE_REQUIRED);
const SIGN_IN_EXPIRED = 'Your sign-in has expired. Please sign in again.';
/** The token sign-in answered with, naming the sign-in a code completes. */
const challenge = z.string({ error: SIGN_IN_EXPIRED }).min(1, SIGN_IN_EXPIRED).max(100, SIGN_IN_EXPIRED);
const SETUP_INVALID = 'This set-up is not valid. Start the set-up again.';

/** The second step of a sign-in. */
export const secondFactorSignInSchema = z.object({ challenge, code: secondFactorCode });

/** Starting to set up an authenticator app: signed in, or an admin's sign-in that must set one up first (its challenge). */
export const totpSetupSchema = z.object({ challenge: challenge.optional() });

/** Turning two-step sign-in on: the sealed secret of the set-up and the app's first code. */
export const totpEnrolSchema = z.object({
  challenge: challenge.optional(),
  enrolment: z.string({ error: SETUP_INVALID }).min(1, SETUP_INVALID).max(200, SETUP_INVALID),
  code: secondFactorCode,
});

/** Turning two-step sign-in off asks for the password again. */
export const totpDisableSchema = z.object({ password: currentPassword });

/** New recovery codes, after a code. */
export const recoveryCodesSchema = z.object({ code: secondFactorCode });
