import type { Role } from '../../../../../domain/actor.ts';
import type { AdminUser } from '../types.ts';

/** What a role lets its holder do, said when granting or revoking it. */
export const ROLE_POWERS: Record<Role, string> = {
  buyer: 'keep a cart, order products and review what they bought',
  seller: 'list products and handle the orders placed with them',
  admin: "verify sellers and products, move any order and change anyone's roles",
  analyst: 'query the event log and the read models with SQL, personal data pseudonymized',
};

/** "a seller", "an admin", "an analyst" */
export const aRole = (role: Role): string => `${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}`;

/** Why a role of `user` cannot be revoked by the signed-in admin (the account decider's rules), or null. */
export function revokeBlocked(user: AdminUser, role: Role, selfId: string | undefined): string | null {
  if (!user.roles.includes(role)) return null;
  if (role === 'admin' && user.id === selfId) return 'You cannot remove your own admin role';
  return user.roles.length === 1 ? 'An account must keep at least one role' : null;
}
