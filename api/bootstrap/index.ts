import type { AppContext } from '../roles/context.ts';
import { type Announce, announceAtStart, ensureAdmin } from './admin.ts';
import { ensureCategories } from './categories.ts';
import { DEMO_ADMIN } from './demo-catalog.ts';
import { seedDemo } from './demo.ts';

/**
 * What every start makes sure of, before serving: idempotent, so every process may run it.
 *
 * The admin is ADMIN_EMAIL's account, with ADMIN_PASSWORD as its initial password. In the demo
 * (DEMO_DATA, which the configuration allows only on a loopback HOST unless overridden) and
 * without ADMIN_PASSWORD, it is the demo admin with its published password; outside the demo
 * no published password is ever used: without ADMIN_PASSWORD the admin of ADMIN_EMAIL gets a
 * generated one, shown once (admin.ts), and without ADMIN_EMAIL no admin is made.
 */
export async function bootstrap(ctx: AppContext, announce: Announce = announceAtStart): Promise<void> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD, DEMO_DATA } = ctx.config;
  await ensureCategories(ctx);
  if (DEMO_DATA) {
    const admin = ADMIN_EMAIL && ADMIN_PASSWORD ? { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } : DEMO_ADMIN;
    await ensureAdmin(
      { ...ctx, config: { ...ctx.config, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } },
      announce,
    );
    if (await seedDemo(ctx, admin)) announce('demo data seeded (logins in the README)');
    return;
  }
  if (ADMIN_EMAIL) await ensureAdmin(ctx, announce);
  else
    announce(
      'no ADMIN_EMAIL: no admin account is made (set ADMIN_EMAIL, and ADMIN_PASSWORD or read the generated one here)',
    );
}
