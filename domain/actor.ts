import { DomainError } from './decider.ts';

export const ROLES = ['buyer', 'seller', 'admin', 'analyst'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The roles a user may take on by themselves: at sign-up or later. Admin and analyst (SQL over
 * the log and the read models, pseudonymized: nothing private) are granted by an admin.
 */
export const SELF_SERVICE_ROLES = ['buyer', 'seller'] as const;
export type SelfServiceRole = (typeof SELF_SERVICE_ROLES)[number];

/** Who sends a command; the API fills it in from the session. */
export interface Actor {
  userId: string;
  roles: Role[];
}

export const isAdmin = (actor: Actor): boolean => actor.roles.includes('admin');

/** Who may use the analyst's SQL and catalog (pseudonymized for analysts; admins may ask for personal data). */
export const ANALYTICS_ROLES = ['analyst', 'admin'] as const;

/**
 * The dashboard a user lands on: admin takes precedence over seller, otherwise buyer (spec
 * section 2); the staff role analyst comes after admin, before seller.
 */
export function primaryRole(roles: readonly Role[]): Role {
  return (['admin', 'analyst', 'seller'] as const).find((role) => roles.includes(role)) ?? 'buyer';
}

export const forbidden = (message: string): DomainError => new DomainError('forbidden', message, 'forbidden');
