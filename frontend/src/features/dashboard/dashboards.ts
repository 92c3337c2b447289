import type { Role } from '../../../../domain/actor.ts';

/** Each role's dashboard: its title and line of text (spec section 2). */
export const DASHBOARDS: Record<Role, { title: string; text: string }> = {
  buyer: { title: 'My Account', text: 'Manage your orders and cart' },
  seller: { title: 'Seller Dashboard', text: 'Manage your products and track your sales' },
  admin: { title: 'Admin Dashboard', text: 'Quality control and seller verification' },
  analyst: { title: 'Analytics', text: 'SQL over the event log and the read models, personal data pseudonymized' },
};
