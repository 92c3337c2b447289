import { type Actor, isAdmin } from '../actor.ts';

/** Who reads a tax document: its buyer, its seller, an admin. Anyone else is told it is not there. */
export const mayReadTaxDocument = (actor: Actor, doc: { buyerId: string; sellerId: string }): boolean =>
  isAdmin(actor) || doc.buyerId === actor.userId || doc.sellerId === actor.userId;
