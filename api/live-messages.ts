import type { DocChange } from '../platform/readstore/port.ts';
import { COLLECTIONS, type NotificationDoc, type OrderDoc, type OrderLineDoc, type ProductDoc } from '../projections/models.ts';
import { publicProduct } from './catalog-index.ts';

export type LiveEvent =
  | 'product.added'
  | 'product.changed'
  | 'product.removed'
  | 'order.changed'
  | 'order-line.added'
  | 'order-line.changed'
  | 'notification.added'
  | 'notification.read';

/** One server-sent message. */
export interface LiveMessage {
  event: LiveEvent;
  /** JSON, made once for every connection. */
  data: string;
  /** The only user who may receive it; null for everyone. */
  audience: string | null;
}

const message = (event: LiveEvent, data: unknown, audience: string | null = null): LiveMessage => ({ event, data: JSON.stringify(data), audience });

/**
 * Turns read-model changes into messages: products for everyone; an order for its buyer
 * only; an order line and a notification for their seller only.
 *
 * A change carries only the document after it, so whether a product was visible before is
 * remembered here: `product.added` when it becomes visible, `product.changed` while it
 * stays so, `product.removed` when it stops (delisted, or deleted).
 */
export class LiveMessages {
  constructor(private readonly visible: Set<string>) {}

  of(changes: readonly DocChange[]): LiveMessage[] {
    return changes.flatMap((change) => this.#messageOf(change) ?? []);
  }

  #messageOf({ collection, id, doc }: DocChange): LiveMessage | undefined {
    if (collection === COLLECTIONS.products) return this.#product(id, doc as ProductDoc | null);
    if (doc === null) return undefined;
    switch (collection) {
      case COLLECTIONS.orders:
        return message('order.changed', doc, (doc as OrderDoc).buyerId);
      case COLLECTIONS.orderLines: {
        // A line changes only with its order's status, which never returns to pending.
        const line = doc as OrderLineDoc;
        return message(line.status === 'pending' ? 'order-line.added' : 'order-line.changed', line, line.sellerId);
      }
      case COLLECTIONS.notifications: {
        // A notification is made unread and can only become read.
        const notification = doc as NotificationDoc;
        return message(notification.read ? 'notification.read' : 'notification.added', notification, notification.sellerId);
      }
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
