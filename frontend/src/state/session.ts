import { signal } from '@preact/signals-react';
import { ANALYTICS_ROLES, ROLES, type Role, primaryRole } from '../../../domain/actor.ts';
import { type Data, call, server } from '../api/client.ts';

/** The signed-in user with their roles (GET /auth/me). */
export type User = NonNullable<Data<typeof server.auth.me.$get>['user']>;

/** The signed-in user, or null when signed out. */
export const session = signal<User | null>(null);

/** False until GET /auth/me has answered once: lets screens wait instead of flashing the signed-out view. */
export const sessionKnown = signal(false);

export async function loadSession(): Promise<void> {
  try {
    session.value = (await call(server.auth.me.$get())).user;
  } catch (error) {
    // Browsing works signed out; the user can still sign in.
    console.error('Could not load the session', error);
    session.value = null;
  } finally {
    sessionKnown.value = true;
  }
}

/** Ends the session on the server; throws (keeping the user signed in) when that fails. */
export async function signOut(): Promise<void> {
  await call(server.auth.signout.$post());
  session.value = null;
}

/** The roles with a panel at /dashboard/<role>; the analyst's dashboard is the analyst page, which admins open too. */
export type PanelRole = Exclude<Role, 'analyst'>;

export const ANALYST_PATH = '/analyst';

export const dashboardPathOf = (role: Role): string => (role === 'analyst' ? ANALYST_PATH : `/dashboard/${role}`);

/** Whether the user may open the analyst page (the API's guard decides; this only shows the way). */
export const mayAnalyse = (user: User): boolean => ANALYTICS_ROLES.some((role) => user.roles.includes(role));

const LAST_DASHBOARD_KEY = 'mibi:last-dashboard';

interface LastDashboard {
  userId: string;
  role: Role;
}

/** What the browser's storage holds, or null when it holds nothing readable (or storage is off). */
function storedLastDashboard(): LastDashboard | null {
  try {
    const stored = JSON.parse(localStorage.getItem(LAST_DASHBOARD_KEY) ?? 'null') as Partial<LastDashboard> | null;
    return typeof stored?.userId === 'string' && ROLES.includes(stored.role as Role) ? (stored as LastDashboard) : null;
  } catch {
    return null;
  }
}

/** The dashboard last opened in this browser, and by whom: the header's name link leads back to it. */
// (No window on the server, which draws pages signed out: Node's own localStorage warns when only looked at.)
const lastDashboard = signal<LastDashboard | null>(typeof window === 'undefined' ? null : storedLastDashboard());

/** Remembers that `user` opened the dashboard of `role`, one of theirs, across visits. */
export function rememberDashboard(user: User, role: Role): void {
  if (lastDashboard.value?.userId === user.id && lastDashboard.value.role === role) return;
  lastDashboard.value = { userId: user.id, role };
  try {
    localStorage.setItem(LAST_DASHBOARD_KEY, JSON.stringify(lastDashboard.value));
  } catch {
    // Storage refused (private mode, full): it is remembered for this visit only.
  }
}

/** The user's dashboards, one per role they hold, in the order of ROLES. */
export const dashboardRoles = (user: User): Role[] => ROLES.filter((role) => user.roles.includes(role));

/**
 * The dashboard the header's name leads to: the one the user opened last, while they still hold
 * its role; before that, admin over analyst over seller, otherwise buyer (spec section 2).
 */
export function dashboardPath(user: User): string {
  const last = lastDashboard.value;
  return dashboardPathOf(
    last?.userId === user.id && user.roles.includes(last.role) ? last.role : primaryRole(user.roles),
  );
}
