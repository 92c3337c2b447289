import { signal } from '@preact/signals-react';
import { primaryRole } from '../../../domain/actor.ts';
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

/** The dashboard a user lands on: admin over seller, otherwise buyer (spec section 2). */
export const dashboardPath = (user: User): string => `/dashboard/${primaryRole(user.roles)}`;
