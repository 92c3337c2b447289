import type { AppContext } from '../context.ts';
import { ensureAdmin } from './admin.ts';
import { ensureCategories } from './categories.ts';
import { DEMO_ADMIN } from './demo-catalog.ts';
import { seedDemo } from './demo.ts';

/**
 * What every start makes sure of, before serving: idempotent, so every process may run it.
 * With demo data and no ADMIN_EMAIL, the demo admin is the admin.
 */
export async function bootstrap(ctx: AppContext): Promise<void> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD, DEMO_DATA } = ctx.config;
  const admin = ADMIN_EMAIL && ADMIN_PASSWORD ? { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } : DEMO_DATA ? DEMO_ADMIN : null;
  await ensureCategories(ctx);
  if (admin) await ensureAdmin({ ...ctx, config: { ...ctx.config, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } });
  if (admin && (await seedDemo(ctx, admin))) console.log('[start] demo data seeded (logins in the README)');
}
