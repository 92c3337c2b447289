import type { SelfServiceRole } from '../actor.ts';
import { AT } from '../testing.ts';
import { emailKey } from './email.ts';
import type { AccountEvent } from './events.ts';

type Registered = Extract<AccountEvent, { type: 'AccountRegistered' }>;

/** Test fixture: an account registered at AT (password hash 'unused'); `fields` override any part. */
export const accountRegistered = (
  userId: string,
  fullName: string,
  email: string,
  role: SelfServiceRole,
  fields: Partial<Registered['data']> = {},
): Registered => ({
  type: 'AccountRegistered',
  data: {
    userId,
    fullName,
    email,
    role,
    emailNormalized: emailKey(email),
    passwordHash: 'unused',
    registeredAt: AT,
    ...fields,
  },
});
