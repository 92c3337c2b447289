import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import { call, server } from '../../api/client.ts';
import { type PanelRole, type User, dashboardPathOf, dashboardRoles, session } from '../../state/session.ts';
import { toast } from '../../state/toasts.ts';
import { DASHBOARDS } from './dashboards.ts';

/** What taking on a self-service role lets the user do. */
const ROLE_OFFERS = {
  buyer: msg`As a buyer you can keep a cart, order authentic Indian products and track your orders.`,
  seller: msg`As a seller you can list your products, manage your inventory and follow the orders you receive.`,
};

/** The heading and button of each self-service role (the role's name is part of the sentence). */
const ROLE_GATE = {
  buyer: { heading: msg`This dashboard is for buyers`, add: msg`Add the buyer role` },
  seller: { heading: msg`This dashboard is for sellers`, add: msg`Add the seller role` },
};

/**
 * Shown instead of a dashboard to a user without its role: buyer and seller can be added
 * here, admin cannot ("Admins only"). Either way the user's own dashboards are a click away.
 */
export function RoleGate({ role, user }: { role: PanelRole; user: User }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);

  async function addRole(role: keyof typeof ROLE_OFFERS) {
    setBusy(true);
    try {
      const added = await call(server.auth.roles.$post({ json: { role } }));
      toast({ title: added.title, description: added.message });
      session.value = added.user;
    } catch (error) {
      toast({ title: t`Error adding role`, description: (error as Error).message, tone: 'error' });
      setBusy(false);
    }
  }

  return (
    <section
      className="card mx-auto max-w-xl items-center border border-base-300 p-10 text-center"
      aria-labelledby="role-gate-title"
    >
      <h2 id="role-gate-title" className="text-xl font-semibold">
        {role === 'admin' ? t`Admins only` : t(ROLE_GATE[role].heading)}
      </h2>
      {role === 'admin' ? (
        <p className="mt-3 text-base-content/80">
          <Trans>
            The admin console is for MIBI's administrators. Admin access is granted by the MIBI team; it cannot be added
            to your account here.
          </Trans>
        </p>
      ) : (
        <>
          <p className="mt-3 text-base-content/80">{t(ROLE_OFFERS[role])}</p>
          <button type="button" className="btn btn-primary mt-6" disabled={busy} onClick={() => addRole(role)}>
            {busy ? t`Adding role...` : t(ROLE_GATE[role].add)}
          </button>
        </>
      )}
      <ul className="mt-6 flex flex-wrap justify-center gap-2" aria-label={t`Your dashboards`}>
        {dashboardRoles(user).map((own) => {
          const dashboard = t(DASHBOARDS[own].title);
          return (
            <li key={own}>
              <Link href={dashboardPathOf(own)} className="btn btn-ghost btn-sm">
                <Trans>Go to {dashboard}</Trans>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
