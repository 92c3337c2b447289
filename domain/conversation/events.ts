/**
 * A conversation: one thread per seller order between the buyer of its purchase and its seller,
 * on a stream of its own, so the help requests and disputes of a seller order can write beside it.
 */
import type { ProductImage } from '../product/image.ts';

export const threadStream = (sellerOrderId: string): string => `thread-${sellerOrderId}`;

/** Which side of the thread someone is on. */
export type Party = 'buyer' | 'seller';

export const otherParty = (party: Party): Party => (party === 'buyer' ? 'seller' : 'buyer');

/** The two people of a thread, from its seller order. */
export interface ThreadParties {
  sellerOrderId: string;
  orderId: string;
  buyerId: string;
  sellerId: string;
}

export type ThreadEvent =
  /** Carries the parties, so every message says whose thread it is without the order's log. */
  | {
      type: 'ThreadMessagePosted';
      data: ThreadParties & {
        messageId: string;
        from: Party;
        text: string;
        /** Uploads of its author (POST /api/threads/{id}/images), in the order given. */
        images: ProductImage[];
        /** A help request's step copied into the thread (domain/dispute/thread-copy.ts): its own notice tells the other party, no message mail. */
        helpId?: string;
        at: string;
      };
    }
  /** `party` has read the first `through` messages. */
  | { type: 'ThreadRead'; data: { sellerOrderId: string; party: Party; through: number; at: string } }
  /** The e-mail of a message went to the other party (so a retried job does not send it again). */
  | { type: 'ThreadMessageMailed'; data: { sellerOrderId: string; messageId: string; to: string; at: string } }
  /** An admin read the thread (allowed only while a dispute is open on it): every such read is recorded. */
  | { type: 'ThreadReadByStaff'; data: { sellerOrderId: string; by: string; at: string } };
