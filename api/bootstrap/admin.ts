import { randomBytes } from 'node:crypto';
import type { Actor } from '../../domain/actor.ts';
import { hashPassword } from '../auth/passwords.ts';
import { addRole, findAccount, isEmailTaken, registerAccount } from '../commands/accounts.ts';
import type { AppContext } from '../roles/context.ts';
import { logger } from '../../platform/log.ts';

const SYSTEM: Actor = { userId: 'system', roles: ['admin'] };
const ADMIN_NAME = 'MIBI Admin';
/** Processes starting together may race to register the admin; each loss means the winner got further. */
const REGISTER_ATTEMPTS = 3;

/** 18 random bytes: 24 base64url characters, 144 bits. */
export const generatedPassword = (): string => randomBytes(18).toString('base64url');

/** Where the one showing of a generated password goes: by default the start's log. */
export type Announce = (line: string) => void;

const startLog = logger('start');
export const announceAtStart: Announce = (line) => startLog.info(line);

/**
 * Makes sure the account of ADMIN_EMAIL exists and holds the admin role. Idempotent: it
 * appends nothing when both hold. ADMIN_PASSWORD is only the initial password; a password
 * changed since is kept.
 *
 * Without ADMIN_PASSWORD, a new admin account gets a generated password, shown once through
 * `announce` by the process that registers it and never again: only its hash is stored, and
 * later starts find the account and show nothing. (Lost, it is replaced like any password:
 * through a reset link.)
 */
export async function ensureAdmin(ctx: AppContext, announce: Announce = announceAtStart): Promise<void> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = ctx.config;
  if (!email) return;
  const { userId, generated } = await adminAccount(ctx, email, password);
  await addRole(ctx, SYSTEM, userId, 'admin');
  if (generated) {
    announce(
      `admin account ${email} created with the password ${generated} (shown only this once: sign in and change it)`,
    );
  }
}

async function adminAccount(
  ctx: AppContext,
  email: string,
  password: string | undefined,
): Promise<{ userId: string; generated?: string }> {
  const existing = await findAccount(ctx, email);
  if (existing) return { userId: existing.userId };
  const initial = password ?? generatedPassword();
  const passwordHash = await hashPassword(initial);
  for (let attempt = 1; ; attempt++) {
    try {
      const { user } = await registerAccount(
        ctx,
        { fullName: ADMIN_NAME, email, passwordHash, role: 'buyer' },
        SYSTEM.userId,
      );
      return { userId: user.id, ...(password === undefined && { generated: initial }) };
    } catch (error) {
      if (!isEmailTaken(error) || attempt === REGISTER_ATTEMPTS) throw error;
      const registered = await findAccount(ctx, email);
      if (registered) return { userId: registered.userId };
    }
  }
}
