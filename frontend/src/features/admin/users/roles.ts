import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Role } from '../../../../../domain/actor.ts';
import type { AdminUser } from '../types.ts';

/** A role as a word in a sentence ("Grant seller", "the seller role"). */
export const ROLE_WORDS: Record<Role, MessageDescriptor> = {
  buyer: msg`buyer`,
  seller: msg`seller`,
  admin: msg`admin`,
  analyst: msg`analyst`,
};

/** "a seller", "an admin", "an analyst": what a user is once granted a role. */
export const A_ROLE: Record<Role, MessageDescriptor> = {
  buyer: msg`a buyer`,
  seller: msg`a seller`,
  admin: msg`an admin`,
  analyst: msg`an analyst`,
};

/** What a role lets its holder do, said when granting or revoking it. */
export const ROLE_POWERS: Record<Role, { grant: MessageDescriptor; revoke: MessageDescriptor }> = {
  buyer: {
    grant: msg`They will be able to keep a cart, order products and review what they bought.`,
    revoke: msg`They will no longer be able to keep a cart, order products and review what they bought.`,
  },
  seller: {
    grant: msg`They will be able to list products and handle the orders placed with them.`,
    revoke: msg`They will no longer be able to list products and handle the orders placed with them.`,
  },
  admin: {
    grant: msg`They will be able to verify sellers and products, move any order and change anyone's roles.`,
    revoke: msg`They will no longer be able to verify sellers and products, move any order and change anyone's roles.`,
  },
  analyst: {
    grant: msg`They will be able to query the event log and the read models with SQL, personal data pseudonymized.`,
    revoke: msg`They will no longer be able to query the event log and the read models with SQL, personal data pseudonymized.`,
  },
};

/** Why a role of `user` cannot be revoked by the signed-in admin (the account decider's rules), or null. */
export function revokeBlocked(user: AdminUser, role: Role, selfId: string | undefined): MessageDescriptor | null {
  if (!user.roles.includes(role)) return null;
  if (role === 'admin' && user.id === selfId) return msg`You cannot remove your own admin role`;
  return user.roles.length === 1 ? msg`An account must keep at least one role` : null;
}
