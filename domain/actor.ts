import { DomainError } from './decider.ts';

export const ROLES = ['buyer', 'seller', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The roles a user may take on by themselves: at sign-up or later. Admin is granted by an admin. */
export const SELF_SERVICE_ROLES = ['buyer', 'seller'] as const;
export type SelfServiceRole = (typeof SELF_SERVICE_ROLES)[number];

/** Who sends a command; the API fills it in from the session. */
export interface Actor {
  userId: string;
  roles: Role[];
}

export const isAdmin = (actor: Actor): boolean => actor.roles.includes('admin');

/** The dashboard a user lands on: admin takes precedence over seller, otherwise buyer (spec section 2). */
export function primaryRole(roles: readonly Role[]): Role {
  if (roles.includes('admin')) return 'admin';
  return roles.includes('seller') ? 'seller' : 'buyer';
}

export const forbidden = (message: string): DomainError => new DomainError('forbidden', message, 'forbidden');
