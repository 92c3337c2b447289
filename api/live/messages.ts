import type { Role } from '../../domain/actor.ts';
import type { DocChange } from '../../platform/readstore/port.ts';
import {
  COLLECTIONS,
  type NotificationDoc,
  type OrderDoc,
  type SellerOrderDoc,
  type ProductDoc,
} from '../../projections/models.ts';
import { SELLER_BALANCES, type SellerBalanceDoc } from '../../projections/ledger.ts';
import { BUYER_NOTIFICATIONS, type BuyerNotificationDoc } from '../../projections/buyer-notifications.ts';
import { STOREFRONTS, type StorefrontDoc } from '../../projections/storefronts.ts';
import { publicProduct } from '../reads/catalog-index.ts';
import { isOpen, publicStorefront } from '../queries/storefronts.ts';

export type LiveEvent =
  | 'product.added'
  | 'product.changed'
  | 'product.removed'
  | 'seller-product.changed'
  | 'storefront.changed'
  | 'storefront.removed'
  | 'order.changed'
  | 'seller-order.changed'
  | 'ledger.changed'
  | 'notification.added'
  | 'notification.read'
  | 'buyer-notification.changed';

/** One server-sent message. */
export interface LiveMessage {
  event: LiveEvent;
  /** JSON, made once for every connection. */
  data: string;
  /** The only user who may receive it; null for everyone. */
  audience: string | null;
}

const message = (event: LiveEvent, data: unknown, audience: string | null = null): LiveMessage => ({
  event,
  data: JSON.stringify(data),
  audience,
});

/**
 * The role the audience of a private message must hold to receive it, as the routes ask for
 * the same documents: a purchase goes to its buyer, the rest to their seller. A user who lost
 * the role (revoked by an admin) is no longer sent them.
 */
const ROLE_OF: Readonly<Record<LiveEvent, Role | null>> = {
  'product.added': null,
  'product.changed': null,
  'product.removed': null,
  'seller-product.changed': 'seller',
  'storefront.changed': null,
  'storefront.removed': null,
  'order.changed': 'buyer',
  'seller-order.changed': 'seller',
  'ledger.changed': 'seller',
  'notification.added': 'seller',
  'notification.read': 'seller',
  'buyer-notification.changed': 'buyer',
};

/** Whether a user holding `roles` may receive `m` (public messages, or private ones of a role they hold). */
const mayReceive = (m: LiveMessage, userId: string, roles: readonly Role[]): boolean => {
  const role = m.audience === userId ? ROLE_OF[m.event] : null;
  return role === null || roles.includes(role);
};

/** The messages of one log position. */
interface Part {
  position: number;
  messages: readonly LiveMessage[];
}

/** One event in the SSE wire format. `data` is JSON, which holds no line break. */
export const sseFrame = (event: string, data: string, id?: number): string =>
  `event: ${event}\ndata: ${data}\n${id === undefined ? '' : `id: ${id}\n`}\n`;

/**
 * The SSE bytes of some messages for each audience, made once and written as they are to
 * every connection: the connections of one user, and those of everyone without a private
 * message among them, share one buffer. Within a log position the id goes on the last
 * message a client gets, so a client cut off within a position resumes before it.
 */
export class Wire {
  private constructor(
    /** By audience; `null` is for everyone else. A missing entry: nothing to send. */
    private readonly bytes: ReadonlyMap<string | null, Buffer>,
    /** By audience: the roles its private messages need. */
    private readonly needs: ReadonlyMap<string, ReadonlySet<Role>>,
    /** The messages, for the rare connection whose user lacks a role its messages need. */
    private readonly parts: readonly Part[],
  ) {}

  /** The messages of one log position. */
  static of(position: number, messages: readonly LiveMessage[]): Wire {
    // Each message's frame is made once (once more with the id), whatever the number of audiences.
    const plain = messages.map((m) => sseFrame(m.event, m.data));
    const withId = new Map<LiveMessage, string>();
    const audiences = new Set<string | null>([null]);
    for (const m of messages) if (m.audience !== null) audiences.add(m.audience);
    const bytes = new Map<string | null, Buffer>();
    for (const audience of audiences) {
      const visible = messages.flatMap((m, i) => (m.audience === null || m.audience === audience ? [i] : []));
      const last = messages[visible.pop() ?? -1];
      if (!last) continue;
      if (!withId.has(last)) withId.set(last, sseFrame(last.event, last.data, position));
      bytes.set(audience, Buffer.from(visible.map((i) => plain[i]).join('') + withId.get(last)));
    }
    const needs = new Map<string, Set<Role>>();
    for (const m of messages) {
      const role = ROLE_OF[m.event];
      if (m.audience !== null && role !== null)
        needs.set(m.audience, (needs.get(m.audience) ?? new Set<Role>()).add(role));
    }
    return new Wire(bytes, needs, [{ position, messages }]);
  }

  /** Several wires one after the other: their bytes copied once per audience, not made again. */
  static join(wires: readonly Wire[]): Wire {
    if (wires.length === 1) return wires[0]!;
    const audiences = new Set(wires.flatMap((wire) => [...wire.bytes.keys()]));
    audiences.add(null);
    const bytes = new Map<string | null, Buffer>();
    for (const audience of audiences) {
      const parts = wires.flatMap((wire) => wire.for(audience) ?? []);
      if (parts.length > 0) bytes.set(audience, Buffer.concat(parts));
    }
    const needs = new Map<string, Set<Role>>();
    for (const wire of wires) {
      for (const [audience, roles] of wire.needs)
        needs.set(audience, new Set([...(needs.get(audience) ?? []), ...roles]));
    }
    return new Wire(
      bytes,
      needs,
      wires.flatMap((wire) => wire.parts),
    );
  }

  /**
   * What the connection of `userId` (null when signed out) is sent; undefined for nothing.
   * Given the user's `roles`, private messages of a role they do not hold are left out: the
   * bytes are then made for this connection alone, which happens only to a user who lost a role.
   */
  for(userId: string | null, roles?: readonly Role[]): Buffer | undefined {
    if (userId === null) return this.bytes.get(null);
    // On the hot path (every connection, every batch): a lookup, and nothing allocated.
    const needs = roles && this.needs.get(userId);
    if (needs) for (const role of needs) if (!roles.includes(role)) return this.#without(userId, roles);
    return this.bytes.get(userId) || this.bytes.get(null);
  }

  /** The bytes for `userId` without the private messages of roles they do not hold, made for this one call. */
  #without(userId: string, roles: readonly Role[]): Buffer | undefined {
    const parts = this.parts.flatMap(({ position, messages }) => {
      const allowed = messages.filter((m) => mayReceive(m, userId, roles));
      return allowed.length === 0 ? [] : (Wire.of(position, allowed).for(userId) ?? []);
    });
    return parts.length === 0 ? undefined : Buffer.concat(parts);
  }
}

/**
 * Turns read-model changes into messages: products and storefronts for everyone; an order
 * or a wishlist alert for its buyer only; a seller order, a notification, the ledger balance
 * and each product whole (on sale or not) for their seller only.
 *
 * A change carries only the document after it, so whether a product was visible before is
 * remembered here: `product.added` when it becomes visible, `product.changed` while it
 * stays so, `product.removed` when it stops (delisted, or deleted).
 */
export class LiveMessages {
  static readonly #collections: ReadonlySet<string> = new Set([
    COLLECTIONS.products,
    STOREFRONTS,
    COLLECTIONS.orders,
    COLLECTIONS.sellerOrders,
    COLLECTIONS.notifications,
    SELLER_BALANCES,
    BUYER_NOTIFICATIONS,
  ]);

  constructor(private readonly visible: Set<string>) {}

  /** Whether changes of `collection` make messages; those of the others are never needed. */
  static translates(collection: string): boolean {
    return LiveMessages.#collections.has(collection);
  }

  of(changes: readonly DocChange[]): LiveMessage[] {
    return changes.flatMap((change) => this.#messageOf(change) ?? []);
  }

  #messageOf({ collection, id, doc }: DocChange): LiveMessage | LiveMessage[] | undefined {
    if (collection === COLLECTIONS.products) {
      const product = doc as ProductDoc | null;
      // Its seller sees every change of the whole document (a decision, a revision, stock), on sale or not.
      const own = product && message('seller-product.changed', product, product.sellerId);
      return [this.#product(id, product), own ?? undefined].filter((m) => m !== undefined);
    }
    if (doc === null) return undefined;
    switch (collection) {
      // Only sellers have storefronts, so this tells of no buyer; a hidden one is told as gone, without its words.
      case STOREFRONTS: {
        const storefront = doc as StorefrontDoc;
        return isOpen(storefront)
          ? message('storefront.changed', publicStorefront(storefront))
          : message('storefront.removed', { id });
      }
      case COLLECTIONS.orders:
        return message('order.changed', doc, (doc as OrderDoc).buyerId);
      case COLLECTIONS.sellerOrders:
        return message('seller-order.changed', doc, (doc as SellerOrderDoc).sellerId);
      // The balance after an earning, a reversal or a payout: the seller refetches its ledger lines.
      case SELLER_BALANCES:
        return message('ledger.changed', doc, (doc as SellerBalanceDoc).id);
      case COLLECTIONS.notifications: {
        // A notification is made unread and can only become read.
        const notification = doc as NotificationDoc;
        return message(
          notification.read ? 'notification.read' : 'notification.added',
          notification,
          notification.sellerId,
        );
      }
      // A wishlist alert, new or read, to its buyer.
      case BUYER_NOTIFICATIONS:
        return message('buyer-notification.changed', doc, (doc as BuyerNotificationDoc).buyerId);
    }
  }

  #product(id: string, product: ProductDoc | null): LiveMessage | undefined {
    const wasVisible = this.visible.has(id);
    if (product?.visible) {
      this.visible.add(id);
      return message(wasVisible ? 'product.changed' : 'product.added', publicProduct(product));
    }
    this.visible.delete(id);
    return wasVisible ? message('product.removed', { id }) : undefined;
  }
}
