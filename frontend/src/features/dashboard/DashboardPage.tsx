import { useSignals } from '@preact/signals-react/runtime';
import { type ComponentType, Suspense } from 'react';
import { Redirect, useParams } from 'wouter';
import type { Role } from '../../../../domain/actor.ts';
import { Skeleton } from '../../components/Skeleton.tsx';
import { ROLE_LABELS } from '../../format.ts';
import { session, sessionKnown } from '../../state/session.ts';
import { RoleGate } from './RoleGate.tsx';

/** Each role's dashboard: its title and line of text. */
const DASHBOARDS: Record<Role, { title: string; text: string }> = {
  buyer: { title: 'My Account', text: 'Manage your orders and cart' },
  seller: { title: 'Seller Dashboard', text: 'Manage your products and track your sales' },
  admin: { title: 'Admin Dashboard', text: 'Quality control and seller verification' },
};

/**
 * /dashboard/buyer, /dashboard/seller, /dashboard/admin: one screen driven by the role of
 * the route, showing that role's panel (`panels`: each lazy, a chunk of its own, given by
 * routes.tsx as they come from other features). A signed-out visitor goes to /auth; a
 * user without the role is offered it.
 */
export default function DashboardPage({ panels }: { panels: Record<Role, ComponentType> }) {
  useSignals();
  const { role } = useParams<{ role: Role }>();
  const user = session.value;
  if (sessionKnown.value && !user) return <Redirect to="/auth" replace />;
  const { title, text } = DASHBOARDS[role];
  const Panel = panels[role];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{title}</h1>
          <p className="mt-1 text-base-content/80">{text}</p>
        </div>
        <p className="flex h-8 items-center gap-2 text-sm">
          {user ? (
            <>
              <span className="text-base-content/80">{user.fullName}</span>
              <span className="badge badge-secondary">{ROLE_LABELS[role]}</span>
            </>
          ) : (
            <Skeleton className="h-6 w-40" />
          )}
        </p>
      </header>
      {!user ? (
        <PanelLoading />
      ) : user.roles.includes(role) ? (
        <Suspense fallback={<PanelLoading />}>
          {/* Keyed by user: another account starts from a clean screen. */}
          <Panel key={user.id} />
        </Suspense>
      ) : (
        <RoleGate role={role} />
      )}
    </div>
  );
}

/** While the session or the panel's chunk loads: the stat row and a block below it, as the panels start. */
function PanelLoading() {
  return (
    <div aria-busy="true" aria-label="Loading dashboard">
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
