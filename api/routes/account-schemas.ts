/** Response schemas the account routes share (auth.ts and account-security.ts). */
import { z } from '@hono/zod-openapi';
import { ROLES } from '../../domain/actor.ts';
import type { SecondStep } from '../commands/second-factor.ts';
import type { SessionUser } from '../http/router.ts';

export const UserSchema = z
  .object({
    id: z.string(),
    fullName: z.string(),
    email: z.string(),
    roles: z.array(z.enum(ROLES)),
    emailVerified: z.boolean(),
    totpEnabled: z.boolean(),
  })
  .openapi('User') satisfies z.ZodType<SessionUser>;

/** Sign-in's answer when a code must follow the password: no session yet. */
export const SecondStepSchema = z
  .object({
    step: z.enum(['totp_required', 'totp_enrol']).openapi({
      description:
        '`totp_required`: POST /api/auth/signin/totp with a code; `totp_enrol`: an admin sets up an authenticator app first (POST /api/auth/totp/setup, then /api/auth/totp/enrol)',
    }),
    challenge: z.string().openapi({ description: 'Names this sign-in in the next request; works for 5 minutes' }),
  })
  .openapi('SecondStep') satisfies z.ZodType<SecondStep>;
