import type { AppContext } from '../context.ts';
import { ensureAdmin } from './admin.ts';
import { ensureCategories } from './categories.ts';

/** What every start makes sure of, before serving: idempotent, so every process may run it. */
export async function bootstrap(ctx: AppContext): Promise<void> {
  await ensureCategories(ctx);
  await ensureAdmin(ctx);
}
