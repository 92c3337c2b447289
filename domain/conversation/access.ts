/**
 * Who reads a thread: its buyer and its seller; an admin only while a dispute is open on it
 * (a help request taken to MIBI and not decided yet: api/commands/help-requests.ts
 * `disputeOpenOn`). Anyone else is told it is not there.
 */
import { type Actor, isAdmin } from '../actor.ts';
import type { Party, ThreadParties } from './events.ts';

/** How an actor reads a thread: as one of its parties, as staff, or not at all. */
export type ThreadReader = Party | 'staff' | null;

export function threadReader(actor: Actor, parties: ThreadParties, disputeOpen: boolean): ThreadReader {
  if (actor.userId === parties.buyerId) return 'buyer';
  if (actor.userId === parties.sellerId) return 'seller';
  return isAdmin(actor) && disputeOpen ? 'staff' : null;
}

/** Whether a dispute is open on the thread of a seller order: the purchase's stream answers it. */
export type DisputeCheck = (sellerOrderId: string) => Promise<boolean>;
