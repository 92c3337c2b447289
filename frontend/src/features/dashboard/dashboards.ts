import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Role } from '../../../../domain/actor.ts';

/** Each role's dashboard: its title and line of text (spec section 2). */
export const DASHBOARDS: Record<Role, { title: MessageDescriptor; text: MessageDescriptor }> = {
  buyer: { title: msg`My Account`, text: msg`Manage your orders and cart` },
  seller: { title: msg`Seller Dashboard`, text: msg`Manage your products and track your sales` },
  admin: { title: msg`Admin Dashboard`, text: msg`Quality control and seller verification` },
  analyst: {
    title: msg`Analytics`,
    text: msg`SQL over the event log and the read models, personal data pseudonymized`,
  },
};
