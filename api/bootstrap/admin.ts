import type { Actor } from '../../domain/actor.ts';
import { hashPassword } from '../auth/passwords.ts';
import { addRole, findAccount, isEmailTaken, registerAccount } from '../commands/accounts.ts';
import type { AppContext } from '../context.ts';

const SYSTEM: Actor = { userId: 'system', roles: ['admin'] };
const ADMIN_NAME = 'MIBI Admin';
/** Processes starting together may race to register the admin; each loss means the winner got further. */
const REGISTER_ATTEMPTS = 3;

/**
 * Makes sure the account of ADMIN_EMAIL exists and holds the admin role. Idempotent: it
 * appends nothing when both hold. ADMIN_PASSWORD is only the initial password; a password
 * changed since is kept.
 */
export async function ensureAdmin(ctx: AppContext): Promise<void> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = ctx.config;
  if (!email || !password) return;
  await addRole(ctx, SYSTEM, await adminUserId(ctx, email, password), 'admin');
}

async function adminUserId(ctx: AppContext, email: string, password: string): Promise<string> {
  const existing = await findAccount(ctx, email);
  if (existing) return existing.userId;
  const passwordHash = await hashPassword(password);
  for (let attempt = 1; ; attempt++) {
    try {
      return (await registerAccount(ctx, { fullName: ADMIN_NAME, email, passwordHash, role: 'buyer' }, SYSTEM.userId)).user.id;
    } catch (error) {
      if (!isEmailTaken(error) || attempt === REGISTER_ATTEMPTS) throw error;
      const registered = await findAccount(ctx, email);
      if (registered) return registered.userId;
    }
  }
}
