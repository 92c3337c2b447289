import { Trans, useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { type ComponentType, Suspense, useEffect } from 'react';
import { Redirect, useLocation, useParams, useSearch } from 'wouter';
import { Skeleton } from '../../components/Skeleton.tsx';
import { ROLE_LABELS } from '../../format.ts';
import { loginHref } from '../../links.ts';
import { type PanelRole, dashboardRoles, rememberDashboard, session, sessionKnown } from '../../state/session.ts';
import { DASHBOARDS } from './dashboards.ts';
import { RoleGate } from './RoleGate.tsx';

/**
 * /dashboard/buyer, /dashboard/seller, /dashboard/admin: one screen driven by the role of
 * the route, showing that role's panel (`panels`: each lazy, a chunk of its own, given by
 * routes.tsx as they come from other features). A signed-out visitor signs in and comes
 * back; a user without the role is told so (and offered it, when they may take it). The
 * badges name the user's own roles, whatever the route's.
 */
export default function DashboardPage({ panels }: { panels: Record<PanelRole, ComponentType> }) {
  useSignals();
  const { t } = useLingui();
  const { role } = useParams<{ role: PanelRole }>();
  const [path] = useLocation();
  const search = useSearch();
  const user = session.value;
  const holdsRole = user?.roles.includes(role) ?? false;
  // The header's name leads back to the dashboard last opened.
  useEffect(() => {
    if (user && holdsRole) rememberDashboard(user, role);
  }, [user, holdsRole, role]);
  if (sessionKnown.value && !user) return <Redirect to={loginHref(search ? `${path}?${search}` : path)} replace />;
  const { title, text } = DASHBOARDS[role];
  const Panel = panels[role];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{t(title)}</h1>
          <p className="mt-1 text-base-content/80">{t(text)}</p>
        </div>
        <p className="flex h-8 items-center gap-2 text-sm">
          {user ? (
            <>
              <span className="text-base-content/80" dir="auto">
                {user.fullName}
              </span>
              <span className="sr-only">
                <Trans>, your roles:</Trans>
              </span>
              {dashboardRoles(user).map((own) => (
                <span key={own} className="badge badge-secondary">
                  {ROLE_LABELS[own]}
                </span>
              ))}
            </>
          ) : (
            <Skeleton className="h-6 w-40" />
          )}
        </p>
      </header>
      {!user ? (
        <PanelLoading />
      ) : holdsRole ? (
        <Suspense fallback={<PanelLoading />}>
          {/* Keyed by user: another account starts from a clean screen. */}
          <Panel key={user.id} />
        </Suspense>
      ) : (
        <RoleGate role={role} user={user} />
      )}
    </div>
  );
}

/** While the session or the panel's chunk loads: the stat row and a block below it, as the panels start. */
function PanelLoading() {
  const { t } = useLingui();
  return (
    <div aria-busy="true" aria-label={t`Loading dashboard`}>
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((card) => (
          // A StatCard's height.
          <Skeleton key={card} className="h-[5.875rem] rounded-box" />
        ))}
      </div>
      <Skeleton className="mt-8 h-96 rounded-box" />
    </div>
  );
}
