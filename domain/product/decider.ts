import { type Actor, forbidden, isAdmin } from '../actor.ts';
import { assertCanBuy } from '../catalog/availability.ts';
import { type Verification, isPurchasable } from '../catalog/status.ts';
import { type Decider, DomainError } from '../decider.ts';
import type { ImportMark, ProductDetails, ProductEvent, StockReleaseReason } from './events.ts';
import { mainImageUrl } from './image.ts';
import {
  IMMEDIATE_FIELDS,
  type PendingRevision,
  type RevisionOutcome,
  changedKeys,
  contentEdit,
  pick,
  revisionIdOf,
  withImageUrl,
} from './revision.ts';
import { upcastProductEvent } from './upcast.ts';

/**
 * A listing as the Add/Edit Product form and `productCommandSchema` give it, its images
 * found (api/commands/product-input.ts); `imageUrl` follows them.
 */
export type ProductInput = Omit<ProductDetails, 'imageUrl'> & { stockQuantity: number };

/**
 * Commands are parsed by the schemas before they get here. ReserveStock, ReleaseStock and
 * RestockReturn are sent by the order flow of the API, not by a user, so they carry no actor.
 */
export type ProductCommand =
  | { type: 'ListProduct'; actor: Actor; productId: string; product: ProductInput; at: string; imported?: ImportMark }
  /**
   * Absent fields stay as they are; `null` clears the original price or the image. On a
   * verified product, its seller's content changes become a revision for review.
   */
  | {
      type: 'UpdateProduct';
      actor: Actor;
      changes: Partial<ProductInput>;
      at: string;
      restores?: string;
      imported?: ImportMark;
    }
  | { type: 'AdjustStock'; actor: Actor; stockQuantity: number; at: string }
  | { type: 'ReserveStock'; orderId: string; quantity: number; at: string }
  | { type: 'ReleaseStock'; orderId: string; reason: StockReleaseReason; at: string }
  | { type: 'RestockReturn'; returnId: string; quantity: number; at: string }
  | { type: 'VerifyProduct'; actor: Actor; at: string }
  | { type: 'RejectProduct'; actor: Actor; reason: string; at: string }
  /** The revision the admin saw: a newer one from the seller is not approved unseen. */
  | { type: 'ApproveProductRevision'; actor: Actor; revisionId: string; at: string }
  | { type: 'RejectProductRevision'; actor: Actor; revisionId: string; reason: string; at: string }
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
  /** Content changes of the seller waiting for review; `details` stays the approved version. */
  revision: PendingRevision | null;
  /** Revisions ever submitted: the next one's id. */
  revisionCount: number;
  /** How each revision no longer waiting ended. */
  revisionOutcomes: ReadonlyMap<string, RevisionOutcome>;
}

export type ProductState = Product | null;

const EDITABLE_FIELDS = [
  'name',
  'description',
  'pricePaise',
  'originalPricePaise',
  'categoryId',
  'images',
  'tags',
  'tax',
  'madeToOrderDays',
  'personalisation',
] as const satisfies ReadonlyArray<keyof ProductDetails>;

const notFound = () => new DomainError('not_found', 'Product not found', 'not_found');

const NOT_PENDING: Record<RevisionOutcome, string> = {
  approved: 'These changes were approved already',
  rejected: 'These changes were rejected already',
  replaced: 'The seller has replaced these changes with newer ones: review those',
  withdrawn: 'The seller withdrew these changes',
};

function assertOwnerOrAdmin(actor: Actor, product: Product, message: string): void {
  if (actor.userId !== product.sellerId && !isAdmin(actor)) throw forbidden(message);
}

function assertAdmin(actor: Actor): void {
  if (!isAdmin(actor)) throw forbidden('Only an admin can review or feature products');
}

const stamp = (product: Product, command: { actor: Actor; at: string; imported?: ImportMark }) => ({
  productId: product.productId,
  by: command.actor.userId,
  at: command.at,
  ...(command.imported && { imported: command.imported }),
});

type UpdateCommand = Extract<ProductCommand, { type: 'UpdateProduct' }>;

function updated(
  product: Product,
  command: UpdateCommand,
  changed: ReadonlyArray<keyof ProductInput & keyof ProductDetails>,
): ProductEvent[] {
  if (changed.length === 0) return [];
  const { details } = product;
  const [before, after] = [withImageUrl(pick(details, changed)), withImageUrl(pick(command.changes, changed))];
  const restores = command.restores === undefined ? {} : { restores: command.restores };
  return [{ type: 'ProductUpdated', data: { ...stamp(product, command), before, after, ...restores } }];
}

/**
 * Products not on sale yet (pending or rejected) are edited in place; a rejected one edited
 * by its seller goes back to review. Admins review, so their edits apply at once too.
 * The seller of a verified product changes prices at once, and submits the rest for review.
 */
function updateDetails(product: Product, command: UpdateCommand): ProductEvent[] {
  if (product.verification === 'verified' && !isAdmin(command.actor)) {
    return [
      ...updated(product, command, changedKeys(product.details, command.changes, IMMEDIATE_FIELDS)),
      ...revise(product, command),
    ];
  }
  const edits = updated(product, command, changedKeys(product.details, command.changes, EDITABLE_FIELDS));
  const resubmits =
    edits.length > 0 && product.verification === 'rejected' && command.actor.userId === product.sellerId;
  return resubmits ? [...edits, { type: 'ProductResubmitted', data: stamp(product, command) }] : edits;
}

function revise(product: Product, command: UpdateCommand): ProductEvent[] {
  const edit = contentEdit(product.details, product.revision, command.changes);
  switch (edit.kind) {
    case 'none':
      return [];
    case 'withdraw':
      return [{ type: 'ProductRevisionWithdrawn', data: { ...stamp(product, command), revisionId: edit.revisionId } }];
    case 'submit': {
      const revisionId = revisionIdOf(product.revisionCount + 1);
      const { before, after } = edit;
      const replaces = product.revision?.revisionId ?? null;
      return [
        { type: 'ProductRevisionSubmitted', data: { ...stamp(product, command), revisionId, before, after, replaces } },
      ];
    }
  }
}

/** The pending revision the admin names; an empty decision when it ended as `repeated` (a retry). */
function pendingRevision(product: Product, revisionId: string, repeated: RevisionOutcome): PendingRevision | null {
  if (product.revision?.revisionId === revisionId) return product.revision;
  const outcome = product.revisionOutcomes.get(revisionId);
  if (outcome === repeated) return null;
  if (outcome === undefined)
    throw new DomainError('not_found', 'This product has no such changes waiting', 'not_found');
  throw new DomainError('revision_not_pending', NOT_PENDING[outcome], 'conflict');
}

function revisionRejected(
  product: Product,
  command: { actor: Actor; at: string },
  revisionId: string,
  reason: string,
): ProductEvent {
  return { type: 'ProductRevisionRejected', data: { ...stamp(product, command), revisionId, reason } };
}

function adjustStock(
  product: Product,
  command: { actor: Actor; at: string; imported?: ImportMark },
  to: number | undefined,
): ProductEvent[] {
  if (to === undefined || to === product.stockQuantity) return [];
  return [
    { type: 'StockAdjusted', data: { ...stamp(product, command), from: product.stockQuantity, to, reason: 'manual' } },
  ];
}

/** Commands on a delisted product find it not found, like a deleted one, except these. */
const STILL_APPLY_WHEN_DELISTED = new Set<ProductCommand['type']>([
  'ReserveStock',
  'ReleaseStock',
  'RestockReturn',
  'DelistProduct',
]);

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
      assertCanBuy(
        { name: product.details.name, sellerId: product.sellerId, stockQuantity, available: isPurchasable(product) },
        quantity,
      );
      const remaining = stockQuantity - quantity;
      return [{ type: 'StockReserved', data: { productId: product.productId, orderId, quantity, remaining, at } }];
    }

    case 'ReleaseStock': {
      const { orderId, reason, at } = command;
      const quantity = product.reservations.get(orderId);
      // Nothing reserved for this order, or already released.
      if (quantity === undefined) return [];
      const remaining = product.stockQuantity + quantity;
      return [
        { type: 'StockReleased', data: { productId: product.productId, orderId, quantity, remaining, reason, at } },
      ];
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
      const rejected: ProductEvent = {
        type: 'ProductRejected',
        data: { ...stamp(product, command), reason: command.reason },
      };
      // Revisions are of verified products only: one waiting ends with the product's rejection.
      const { revision } = product;
      return [
        ...(product.featured ? [{ type: 'ProductUnfeatured', data: stamp(product, command) } as const] : []),
        ...(revision ? [revisionRejected(product, command, revision.revisionId, command.reason)] : []),
        rejected,
      ];
    }

    case 'ApproveProductRevision': {
      assertAdmin(command.actor);
      const revision = pendingRevision(product, command.revisionId, 'approved');
      if (!revision) return [];
      // `before` is the live version it replaces now (an admin may have edited it since the submission).
      const before = pick(product.details, Object.keys(revision.after) as Array<keyof typeof revision.after>);
      return [
        {
          type: 'ProductRevisionApproved',
          data: { ...stamp(product, command), revisionId: revision.revisionId, before, after: revision.after },
        },
      ];
    }

    case 'RejectProductRevision': {
      assertAdmin(command.actor);
      const revision = pendingRevision(product, command.revisionId, 'rejected');
      return revision ? [revisionRejected(product, command, revision.revisionId, command.reason)] : [];
    }

    case 'FeatureProduct':
      assertAdmin(command.actor);
      if (product.verification !== 'verified') {
        throw new DomainError('not_verified', 'Only verified products can be featured', 'conflict');
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

/** Revisions are few per product: a copy per change keeps every folded state as it was. */
const ended = (state: Product, revisionId: string, outcome: RevisionOutcome): ReadonlyMap<string, RevisionOutcome> =>
  new Map(state.revisionOutcomes).set(revisionId, outcome);

export const productDecider: Decider<ProductCommand, ProductState, ProductEvent> = {
  initialState: null,

  evolve(state, recorded) {
    const { type, data } = upcastProductEvent(recorded);
    if (type === 'ProductListed') {
      const { productId, sellerId, stockQuantity, listedAt: _, imported: __, ...details } = data;
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
        revision: null,
        revisionCount: 0,
        revisionOutcomes: new Map(),
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
      case 'ProductRevisionSubmitted': {
        const { revisionId, before, after, replaces } = data;
        const revisionOutcomes = replaces === null ? state.revisionOutcomes : ended(state, replaces, 'replaced');
        return {
          ...state,
          revision: { revisionId, before, after },
          revisionCount: state.revisionCount + 1,
          revisionOutcomes,
        };
      }
      case 'ProductRevisionApproved':
        return {
          ...state,
          details: { ...state.details, ...data.after },
          revision: null,
          revisionOutcomes: ended(state, data.revisionId, 'approved'),
        };
      case 'ProductRevisionRejected':
        return { ...state, revision: null, revisionOutcomes: ended(state, data.revisionId, 'rejected') };
      case 'ProductRevisionWithdrawn':
        return { ...state, revision: null, revisionOutcomes: ended(state, data.revisionId, 'withdrawn') };
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
      if (state !== null) throw new DomainError('already_exists', 'Product already exists', 'conflict');
      if (!command.actor.roles.includes('seller')) throw forbidden('Only sellers can list products');
      const { actor, productId, product, at, imported } = command;
      const imageUrl = mainImageUrl(product.images);
      const data = { productId, sellerId: actor.userId, ...product, imageUrl, listedAt: at };
      return [{ type: 'ProductListed', data: imported ? { ...data, imported } : data }];
    }
    if (state === null || (state.delisted && !STILL_APPLY_WHEN_DELISTED.has(command.type))) throw notFound();
    return decideOnListed(command, state);
  },
};
