import { type Actor, forbidden, isAdmin } from '../actor.ts';
import { assertCanBuy } from '../catalog/availability.ts';
import { type Verification, isPurchasable } from '../catalog/status.ts';
import { type Decider, DomainError } from '../decider.ts';
import type { ProductDetails, ProductEvent, StockReleaseReason } from './events.ts';

/** A listing as the Add/Edit Product form and `productCommandSchema` give it. */
export type ProductInput = ProductDetails & { stockQuantity: number };

/**
 * Commands are parsed by the schemas before they get here. ReserveStock, ReleaseStock and
 * RestockReturn are sent by the order flow of the API, not by a user, so they carry no actor.
 */
export type ProductCommand =
  | { type: 'ListProduct'; actor: Actor; productId: string; product: ProductInput; at: string }
  /** Absent fields stay as they are; `null` clears the original price or the image. */
  | { type: 'UpdateProduct'; actor: Actor; changes: Partial<ProductInput>; at: string }
  | { type: 'AdjustStock'; actor: Actor; stockQuantity: number; at: string }
  | { type: 'ReserveStock'; orderId: string; quantity: number; at: string }
  | { type: 'ReleaseStock'; orderId: string; reason: StockReleaseReason; at: string }
  | { type: 'RestockReturn'; returnId: string; quantity: number; at: string }
  | { type: 'VerifyProduct'; actor: Actor; at: string }
  | { type: 'RejectProduct'; actor: Actor; reason: string; at: string }
  | { type: 'FeatureProduct'; actor: Actor; at: string }
  | { type: 'UnfeatureProduct'; actor: Actor; at: string }
  | { type: 'DelistProduct'; actor: Actor; at: string };

export interface Product {
  productId: string;
  sellerId: string;
  details: ProductDetails;
  stockQuantity: number;
  verification: Verification;
  featured: boolean;
  delisted: boolean;
  /**
   * Quantity reserved per order id, for idempotent reserves and exact releases. It grows with
   * every order of the product, so the fold updates this one map in place (see evolve).
   */
  reservations: Map<string, number>;
  /** Returns whose units are back in stock, for idempotent restocking; updated in place like `reservations`. */
  restocked: Set<string>;
}

export type ProductState = Product | null;

const EDITABLE_FIELDS = [
  'name',
  'description',
  'pricePaise',
  'originalPricePaise',
  'categoryId',
  'imageUrl',
  'tags',
] as const satisfies ReadonlyArray<keyof ProductDetails>;

const notFound = () => new DomainError('not_found', 'Product not found', 404);

function assertOwnerOrAdmin(actor: Actor, product: Product, message: string): void {
  if (actor.userId !== product.sellerId && !isAdmin(actor)) throw forbidden(message);
}

function assertAdmin(actor: Actor): void {
  if (!isAdmin(actor)) throw forbidden('Only an admin can review or feature products');
}

const stamp = (product: Product, command: { actor: Actor; at: string }) => ({
  productId: product.productId,
  by: command.actor.userId,
  at: command.at,
});

const sameValue = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((item, i) => item === b[i]) : a === b;

function pick(source: Partial<ProductDetails>, keys: ReadonlyArray<keyof ProductDetails>): Partial<ProductDetails> {
  return Object.fromEntries(keys.map((key) => [key, source[key]]));
}

function updateDetails(product: Product, command: Extract<ProductCommand, { type: 'UpdateProduct' }>): ProductEvent[] {
  const { changes } = command;
  const changed = EDITABLE_FIELDS.filter((key) => changes[key] !== undefined && !sameValue(changes[key], product.details[key]));
  if (changed.length === 0) return [];
  const updated: ProductEvent = {
    type: 'ProductUpdated',
    data: { ...stamp(product, command), before: pick(product.details, changed), after: pick(changes, changed) },
  };
  const resubmits = product.verification === 'rejected' && command.actor.userId === product.sellerId;
  return resubmits ? [updated, { type: 'ProductResubmitted', data: stamp(product, command) }] : [updated];
}

function adjustStock(product: Product, command: { actor: Actor; at: string }, to: number | undefined): ProductEvent[] {
  if (to === undefined || to === product.stockQuantity) return [];
  return [{ type: 'StockAdjusted', data: { ...stamp(product, command), from: product.stockQuantity, to, reason: 'manual' } }];
}

/** Commands on a delisted product answer 404 like a deleted one, except these. */
const STILL_APPLY_WHEN_DELISTED = new Set<ProductCommand['type']>(['ReserveStock', 'ReleaseStock', 'RestockReturn', 'DelistProduct']);

function decideOnListed(command: Exclude<ProductCommand, { type: 'ListProduct' }>, product: Product): ProductEvent[] {
  switch (command.type) {
    case 'UpdateProduct':
      assertOwnerOrAdmin(command.actor, product, 'You can only edit your own products');
      return [...updateDetails(product, command), ...adjustStock(product, command, command.changes.stockQuantity)];

    case 'AdjustStock':
      assertOwnerOrAdmin(command.actor, product, 'You can only change the stock of your own products');
      return adjustStock(product, command, command.stockQuantity);

    case 'ReserveStock': {
      const { orderId, quantity, at } = command;
      // A retried order placement reserves once.
      if (product.reservations.has(orderId)) return [];
      const { stockQuantity } = product;
      assertCanBuy({ name: product.details.name, sellerId: product.sellerId, stockQuantity, available: isPurchasable(product) }, quantity);
      const remaining = stockQuantity - quantity;
      return [{ type: 'StockReserved', data: { productId: product.productId, orderId, quantity, remaining, at } }];
    }

    case 'ReleaseStock': {
      const { orderId, reason, at } = command;
      const quantity = product.reservations.get(orderId);
      // Nothing reserved for this order, or already released.
      if (quantity === undefined) return [];
      const remaining = product.stockQuantity + quantity;
      return [{ type: 'StockReleased', data: { productId: product.productId, orderId, quantity, remaining, reason, at } }];
    }

    case 'RestockReturn': {
      const { returnId, quantity, at } = command;
      if (product.restocked.has(returnId)) return [];
      const remaining = product.stockQuantity + quantity;
      return [{ type: 'StockReturned', data: { productId: product.productId, returnId, quantity, remaining, at } }];
    }

    case 'VerifyProduct':
      assertAdmin(command.actor);
      return product.verification === 'verified' ? [] : [{ type: 'ProductVerified', data: stamp(product, command) }];

    case 'RejectProduct': {
      assertAdmin(command.actor);
      if (product.verification === 'rejected') return [];
      const rejected: ProductEvent = { type: 'ProductRejected', data: { ...stamp(product, command), reason: command.reason } };
      return product.featured ? [{ type: 'ProductUnfeatured', data: stamp(product, command) }, rejected] : [rejected];
    }

    case 'FeatureProduct':
      assertAdmin(command.actor);
      if (product.verification !== 'verified') {
        throw new DomainError('not_verified', 'Only verified products can be featured', 409);
      }
      return product.featured ? [] : [{ type: 'ProductFeatured', data: stamp(product, command) }];

    case 'UnfeatureProduct':
      assertAdmin(command.actor);
      return product.featured ? [{ type: 'ProductUnfeatured', data: stamp(product, command) }] : [];

    case 'DelistProduct':
      assertOwnerOrAdmin(command.actor, product, 'You can only delete your own products');
      // Deleting twice succeeds quietly, so a retried request is harmless.
      return product.delisted ? [] : [{ type: 'ProductDelisted', data: stamp(product, command) }];
  }
}

export const productDecider: Decider<ProductCommand, ProductState, ProductEvent> = {
  initialState: null,

  evolve(state, { type, data }) {
    if (type === 'ProductListed') {
      const { productId, sellerId, stockQuantity, listedAt: _, ...details } = data;
      return {
        productId,
        sellerId,
        details,
        stockQuantity,
        verification: 'pending',
        featured: false,
        delisted: false,
        reservations: new Map(),
        restocked: new Set(),
      };
    }
    if (state === null) return state;
    switch (type) {
      case 'ProductUpdated':
        return { ...state, details: { ...state.details, ...data.after } };
      case 'ProductResubmitted':
        return { ...state, verification: 'pending' };
      case 'StockAdjusted':
        return { ...state, stockQuantity: data.to };
      // A popular product has a reservation per order: copying them at every event would make
      // a fold quadratic. The map is created by ProductListed and owned by this one fold, whose
      // states are only ever read forwards, so updating it in place is safe.
      case 'StockReserved':
        state.reservations.set(data.orderId, data.quantity);
        return { ...state, stockQuantity: data.remaining };
      case 'StockReleased':
        state.reservations.delete(data.orderId);
        return { ...state, stockQuantity: data.remaining };
      case 'StockReturned':
        state.restocked.add(data.returnId);
        return { ...state, stockQuantity: data.remaining };
      case 'ProductVerified':
        return { ...state, verification: 'verified' };
      case 'ProductRejected':
        return { ...state, verification: 'rejected' };
      case 'ProductFeatured':
        return { ...state, featured: true };
      case 'ProductUnfeatured':
        return { ...state, featured: false };
      case 'ProductDelisted':
        return { ...state, delisted: true };
    }
  },

  decide(command, state) {
    if (command.type === 'ListProduct') {
      if (state !== null) throw new DomainError('already_exists', 'Product already exists', 409);
      if (!command.actor.roles.includes('seller')) throw forbidden('Only sellers can list products');
      const { actor, productId, product, at } = command;
      return [{ type: 'ProductListed', data: { productId, sellerId: actor.userId, ...product, listedAt: at } }];
    }
    if (state === null || (state.delisted && !STILL_APPLY_WHEN_DELISTED.has(command.type))) throw notFound();
    return decideOnListed(command, state);
  },
};
