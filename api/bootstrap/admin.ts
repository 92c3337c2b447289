import type { AppContext } from '../context.ts';

/** Creates the admin account of ADMIN_EMAIL / ADMIN_PASSWORD when missing (idempotent). */
export async function ensureAdmin(_ctx: AppContext): Promise<void> {}
