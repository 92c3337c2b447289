import { z } from 'zod';
import { ROLES, SELF_SERVICE_ROLES } from '../actor.ts';
import { requiredText, tooLong } from '../fields.ts';
import { INVALID_RESET_TOKEN_MESSAGE } from './decider.ts';

export const MIN_PASSWORD_LENGTH = 6;
const MAX_PASSWORD_LENGTH = 128;
const MAX_EMAIL_LENGTH = 254;

export const ACCOUNT_MESSAGES = {
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters long!',
  passwordsDontMatch: "Passwords don't match!",
  roleInvalid: 'Choose buyer or seller',
} as const;

const email = z
  .string({ error: ACCOUNT_MESSAGES.emailRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.emailRequired)
  .max(MAX_EMAIL_LENGTH, tooLong('Email', MAX_EMAIL_LENGTH))
  .pipe(z.email(ACCOUNT_MESSAGES.emailInvalid));

/** A password being chosen. Never trimmed: spaces are characters of the password. */
const newPassword = z
  .string({ error: ACCOUNT_MESSAGES.passwordTooShort })
  .min(MIN_PASSWORD_LENGTH, ACCOUNT_MESSAGES.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, tooLong('Password', MAX_PASSWORD_LENGTH));

/** A password being checked: older rules may have allowed other lengths, so only presence counts. */
const currentPassword = z
  .string({ error: ACCOUNT_MESSAGES.passwordRequired })
  .min(1, ACCOUNT_MESSAGES.passwordRequired)
  .max(MAX_PASSWORD_LENGTH, tooLong('Password', MAX_PASSWORD_LENGTH));

const selfServiceRole = z.enum(SELF_SERVICE_ROLES, { error: ACCOUNT_MESSAGES.roleInvalid });

/** Form variants ask for the new password again: `.extend(confirmation).refine(...passwordsMatch)`. */
const confirmation = { confirmPassword: z.string() };
type Confirmed = { password: string; confirmPassword: string };
const passwordsMatch: [check: (values: Confirmed) => boolean, issue: { message: string; path: string[] }] = [
  (values) => values.password === values.confirmPassword,
  { message: ACCOUNT_MESSAGES.passwordsDontMatch, path: ['confirmPassword'] },
];

export const signUpSchema = z.object({
  fullName: requiredText(ACCOUNT_MESSAGES.fullNameRequired, 100, 'Full name'),
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

/** A user taking on another role themselves (spec section 6). */
export const addRoleSchema = z.object({ role: selfServiceRole });

/** An admin granting or removing any role of another user. */
export const roleChangeSchema = z.object({ role: z.enum(ROLES, { error: 'Choose buyer, seller or admin' }) });
