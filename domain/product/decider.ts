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
  approvedVersion,
  atOnceChanges,
  changedKeys,
  contentEdit,
  pick,
  proposedVersion,
  revisionIdOf,
  sameValue,
  withImageUrl,
} from './revision.ts';
import {
  type ProductTranslation,
  type ProductTranslations,
  type TranslatedLocale,
  sameTranslation,
  withTranslation,
} from './translation.ts';
import { upcastProductEvent } from './upcast.ts';
import {
  DEFAULT_VARIANT_ID,
  type ProductOption,
  VARIANT_MESSAGES,
  type Variant,
  type VariantInput,
  assignVariantIds,
  cheapestPrice,
  defaultVariant,
  findVariant,
  hasOptions,
  variantIssues,
  variantLabel,
  withDetailChanges,
} from './variants.ts';

/**
 * A listing as the Add/Edit Product form and `productCommandSchema` give it, its images
 * found (api/commands/product-input.ts); `imageUrl` follows them. Without `variants` the
 * product is sold as one thing: its default variant takes the price, stock and `sku` given.
 * With them, the product's price is their lowest and its stock their sum.
 */
export type ProductInput = Omit<ProductDetails, 'imageUrl' | 'options' | 'variants'> & {
  stockQuantity: number;
  /** The SKU of a product without options (its default variant's). */
  sku?: string | undefined;
  options?: ProductOption[] | undefined;
  variants?: VariantInput[] | undefined;
};

/** One variant's units in a reservation or a return. */
export interface VariantQuantity {
  variantId: string;
  quantity: number;
}

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
  /** Without `variantId`, the default variant's stock (a product with options needs one). */
  | { type: 'AdjustStock'; actor: Actor; stockQuantity: number; variantId?: string | undefined; at: string }
  /** Every variant of the product an order takes, all or none (a variant named twice counts once, summed). */
  | { type: 'ReserveStock'; orderId: string; lines: VariantQuantity[]; at: string }
  | { type: 'ReleaseStock'; orderId: string; reason: StockReleaseReason; at: string }
  | { type: 'RestockReturn'; returnId: string; lines: VariantQuantity[]; at: string }
  /** Gives or changes the name, description and tags in `locale`; `translation` null takes them away. */
  | {
      type: 'TranslateProduct';
      actor: Actor;
      locale: TranslatedLocale;
      translation: ProductTranslation | null;
      at: string;
    }
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
  /** Its name, description and tags in other languages, beside the English ones of `details`. */
  translations: ProductTranslations;
  /** The stock of its variants together. */
  stockQuantity: number;
  /** The stock of every variant it ever had (one removed keeps its units, for the orders that reserved them). */
  stock: ReadonlyMap<string, number>;
  /** Variants ever made: the next one's id. */
  variantCount: number;
  verification: Verification;
  featured: boolean;
  delisted: boolean;
  /**
   * Quantity reserved per order and variant (reservationKey), for idempotent reserves and exact
   * releases. It grows with every order of the product, so the fold updates this one map in
   * place (see evolve).
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
  'options',
  'variants',
] as const satisfies ReadonlyArray<keyof ProductDetails>;

/** An order's reservation of a variant: the order id alone for the default variant, as before variants. */
export const reservationKey = (orderId: string, variantId: string): string =>
  variantId === DEFAULT_VARIANT_ID ? orderId : `${orderId}~${variantId}`;

/** Units of a variant reserved for `orderId`. */
export const reservedFor = (product: Product, orderId: string, variantId: string): number =>
  product.reservations.get(reservationKey(orderId, variantId)) ?? 0;

export const stockOf = (product: Pick<Product, 'stock'>, variantId: string): number =>
  product.stock.get(variantId) ?? 0;

/** The name a buyer reads for a variant: "Kolhapuri Chappal (Size 8 · Tan)", the product's name for its default variant. */
export function variantName(details: Pick<ProductDetails, 'name' | 'options'>, variant: Pick<Variant, 'optionValues'>) {
  const label = variantLabel(details.options, variant.optionValues);
  return label === '' ? details.name : `${details.name} (${label})`;
}

const invalid = (issues: ReturnType<typeof variantIssues>): DomainError => {
  const fields = Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]));
  return new DomainError('validation_failed', issues[0]!.message, 'invalid', fields);
};

/** The details and stock a listing gives: its variants with ids, or its default variant. */
function listedVariants(product: ProductInput): {
  details: Pick<ProductDetails, 'options' | 'variants' | 'pricePaise' | 'originalPricePaise'>;
  stock: Map<string, number>;
  count: number;
} {
  const options = product.options ?? [];
  if (product.variants === undefined || options.length === 0) {
    const variant = defaultVariant(product, product.sku ?? product.variants?.[0]?.sku ?? '');
    return {
      details: {
        options: [],
        variants: [variant],
        pricePaise: product.pricePaise,
        originalPricePaise: product.originalPricePaise,
      },
      stock: new Map([[DEFAULT_VARIANT_ID, product.stockQuantity]]),
      count: 0,
    };
  }
  return variantsGiven(options, product.variants, [], 0);
}

/** Variants given (checked against the options), their ids assigned, and the product's price from them. */
function variantsGiven(
  options: ProductOption[],
  given: readonly VariantInput[],
  current: readonly Variant[],
  count: number,
) {
  const issues = variantIssues(options, given);
  if (issues.length > 0) throw invalid(issues);
  const assigned = assignVariantIds(current, given, count);
  const variants = assigned.variants.map(({ stockQuantity: _, ...variant }): Variant => variant);
  const stock = new Map<string, number>();
  for (const { id, stockQuantity } of assigned.variants) if (stockQuantity !== undefined) stock.set(id, stockQuantity);
  return { details: { options, variants, ...cheapestPrice(variants) }, stock, count: assigned.count };
}

type DetailChanges = Partial<
  Omit<ProductInput, 'options' | 'variants' | 'sku'> & Pick<ProductDetails, 'options' | 'variants'>
>;

/**
 * An edit as changes of the details and the stock each variant should have, made to the product
 * as its seller last asked for it (with the revision waiting, if any). Variants given replace
 * the product's (matched by id or combination, so a variant keeps its id and stock history,
 * one waiting for review too); a product with options takes no price, stock or SKU of its own.
 */
function editOf(
  product: Product,
  input: Partial<ProductInput>,
): { changes: DetailChanges; stock: Map<string, number> } {
  const { stockQuantity, sku, options, variants, ...rest } = input;
  const details = proposedVersion(product.details, product.revision);
  const givesVariants = variants !== undefined && (options ?? details.options).length > 0;
  if (givesVariants) {
    const known = [...details.variants, ...product.details.variants.filter((live) => !findVariant(details, live.id))];
    const given = variantsGiven(options ?? details.options, variants, known, product.variantCount);
    return { changes: { ...rest, ...given.details }, stock: given.stock };
  }
  if (options !== undefined && options.length > 0)
    throw invalid([{ path: ['variants'], message: VARIANT_MESSAGES.variantsRequired }]);
  if (options === undefined && hasOptions(details)) {
    const refuse = (field: string, message: string) => invalid([{ path: [field], message }]);
    if (rest.pricePaise !== undefined && rest.pricePaise !== details.pricePaise)
      throw refuse('pricePaise', VARIANT_MESSAGES.priceOfVariants);
    if (rest.originalPricePaise !== undefined && rest.originalPricePaise !== details.originalPricePaise)
      throw refuse('originalPricePaise', VARIANT_MESSAGES.priceOfVariants);
    if (stockQuantity !== undefined && stockQuantity !== product.stockQuantity)
      throw refuse('stockQuantity', VARIANT_MESSAGES.stockOfVariants);
    if (sku !== undefined) throw refuse('sku', VARIANT_MESSAGES.skuOfVariants);
    const { pricePaise: _, originalPricePaise: __, ...others } = rest;
    return { changes: others, stock: new Map() };
  }
  // Sold as one thing (or made so by `options: []`): the default variant, at the price and SKU given or kept.
  const only = variants?.[0];
  const kept = findVariant(details, DEFAULT_VARIANT_ID);
  const pricePaise = rest.pricePaise ?? only?.pricePaise ?? details.pricePaise;
  const originalPricePaise =
    rest.originalPricePaise !== undefined
      ? rest.originalPricePaise
      : (only?.originalPricePaise ?? details.originalPricePaise);
  const variant = {
    ...defaultVariant({ pricePaise, originalPricePaise }, sku ?? only?.sku ?? kept?.sku ?? ''),
    imageUrls: only?.imageUrls ?? kept?.imageUrls ?? [],
  };
  const units = stockQuantity ?? only?.stockQuantity;
  const stock = new Map(units === undefined ? [] : [[DEFAULT_VARIANT_ID, units]]);
  // Its price follows the product's (withDetailChanges): only a new SKU or pictures change the variant itself.
  const becomesOne =
    hasOptions(details) ||
    hasOptions(product.details) ||
    variant.sku !== (kept?.sku ?? '') ||
    !sameValue(variant.imageUrls, kept?.imageUrls ?? []);
  const changes: DetailChanges = becomesOne
    ? { ...rest, pricePaise, originalPricePaise, options: [], variants: [variant] }
    : rest;
  return { changes, stock };
}

const notFound = () => new DomainError('not_found', /*i18n*/ 'Product not found', 'not_found');

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
  if (!isAdmin(actor)) throw forbidden(/*i18n*/ 'Only an admin can review or feature products');
}

const stamp = (product: Product, command: { actor: Actor; at: string; imported?: ImportMark }) => ({
  productId: product.productId,
  by: command.actor.userId,
  at: command.at,
  ...(command.imported && { imported: command.imported }),
});

/** An edit with its changes as details (editOf). */
type UpdateCommand = Omit<Extract<ProductCommand, { type: 'UpdateProduct' }>, 'changes'> & { changes: DetailChanges };

function updated(
  product: Product,
  command: UpdateCommand,
  changed: ReadonlyArray<keyof DetailChanges & keyof ProductDetails>,
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
    const atOnce = atOnceChanges(product.details, command.changes);
    const live = withDetailChanges(product.details, atOnce);
    return [
      ...updated(product, { ...command, changes: atOnce }, changedKeys(product.details, atOnce, IMMEDIATE_FIELDS)),
      ...revise(product, live, command),
    ];
  }
  const edits = updated(product, command, changedKeys(product.details, command.changes, EDITABLE_FIELDS));
  const resubmits =
    edits.length > 0 && product.verification === 'rejected' && command.actor.userId === product.sellerId;
  return resubmits ? [...edits, { type: 'ProductResubmitted', data: stamp(product, command) }] : edits;
}

/** The content changes of an edit against `live`, the approved version once the edit's at-once changes are made. */
function revise(product: Product, live: ProductDetails, command: UpdateCommand): ProductEvent[] {
  const edit = contentEdit(live, product.revision, command.changes);
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
    throw new DomainError('not_found', /*i18n*/ 'This product has no such changes waiting', 'not_found');
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

/** A StockAdjusted for each variant whose stock `targets` changes. */
function adjustStock(
  product: Product,
  command: { actor: Actor; at: string; imported?: ImportMark },
  targets: ReadonlyMap<string, number>,
): ProductEvent[] {
  return [...targets].flatMap(([variantId, to]): ProductEvent[] => {
    const from = stockOf(product, variantId);
    if (to === from) return [];
    return [{ type: 'StockAdjusted', data: { ...stamp(product, command), variantId, from, to, reason: 'manual' } }];
  });
}

/** Reserved or returned units of each variant named, summed, in the order first named. */
function byVariant(lines: readonly VariantQuantity[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const { variantId, quantity } of lines) units.set(variantId, (units.get(variantId) ?? 0) + quantity);
  return units;
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
    case 'UpdateProduct': {
      assertOwnerOrAdmin(command.actor, product, /*i18n*/ 'You can only edit your own products');
      const edit = editOf(product, command.changes);
      return [
        ...updateDetails(product, { ...command, changes: edit.changes }),
        ...adjustStock(product, command, edit.stock),
      ];
    }

    case 'AdjustStock': {
      assertOwnerOrAdmin(command.actor, product, /*i18n*/ 'You can only change the stock of your own products');
      const { variantId = DEFAULT_VARIANT_ID } = command;
      // A variant waiting for review may be given its stock before it goes on sale.
      const waiting = proposedVersion(product.details, product.revision);
      if (!findVariant(product.details, variantId) && !findVariant(waiting, variantId)) {
        if (command.variantId === undefined)
          throw invalid([{ path: ['variantId'], message: VARIANT_MESSAGES.stockOfVariants }]);
        throw new DomainError('not_found', VARIANT_MESSAGES.variantUnknown, 'not_found');
      }
      return adjustStock(product, command, new Map([[variantId, command.stockQuantity]]));
    }

    case 'ReserveStock': {
      const { orderId, at } = command;
      const units = byVariant(command.lines);
      // A retried order placement reserves once (all its variants were reserved in one append).
      if ([...units.keys()].some((variantId) => product.reservations.has(reservationKey(orderId, variantId))))
        return [];
      const { productId, sellerId } = product;
      return [...units].map(([variantId, quantity]): ProductEvent => {
        const variant = findVariant(product.details, variantId);
        const stockQuantity = stockOf(product, variantId);
        const name = variant ? variantName(product.details, variant) : product.details.name;
        assertCanBuy(
          { name, sellerId, stockQuantity, available: isPurchasable(product) && variant !== undefined },
          quantity,
        );
        const remaining = stockQuantity - quantity;
        return { type: 'StockReserved', data: { productId, variantId, orderId, quantity, remaining, at } };
      });
    }

    case 'ReleaseStock': {
      const { orderId, reason, at } = command;
      // Nothing reserved for this order, or already released: no event.
      return [...product.stock.keys()].flatMap((variantId): ProductEvent[] => {
        const quantity = product.reservations.get(reservationKey(orderId, variantId));
        if (quantity === undefined) return [];
        const remaining = stockOf(product, variantId) + quantity;
        return [
          {
            type: 'StockReleased',
            data: { productId: product.productId, variantId, orderId, quantity, remaining, reason, at },
          },
        ];
      });
    }

    case 'RestockReturn': {
      const { returnId, at } = command;
      if (product.restocked.has(returnId)) return [];
      return [...byVariant(command.lines)].map(([variantId, quantity]): ProductEvent => {
        const remaining = stockOf(product, variantId) + quantity;
        return {
          type: 'StockReturned',
          data: { productId: product.productId, variantId, returnId, quantity, remaining, at },
        };
      });
    }

    case 'TranslateProduct': {
      assertOwnerOrAdmin(command.actor, product, /*i18n*/ 'You can only translate your own products');
      const { locale, translation: after } = command;
      const before = product.translations[locale] ?? null;
      if (sameTranslation(before, after)) return [];
      return [{ type: 'ProductTranslated', data: { ...stamp(product, command), locale, before, after } }];
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
        throw new DomainError('not_verified', /*i18n*/ 'Only verified products can be featured', 'conflict');
      }
      return product.featured ? [] : [{ type: 'ProductFeatured', data: stamp(product, command) }];

    case 'UnfeatureProduct':
      assertAdmin(command.actor);
      return product.featured ? [{ type: 'ProductUnfeatured', data: stamp(product, command) }] : [];

    case 'DelistProduct':
      assertOwnerOrAdmin(command.actor, product, /*i18n*/ 'You can only delete your own products');
      // Deleting twice succeeds quietly, so a retried request is harmless.
      return product.delisted ? [] : [{ type: 'ProductDelisted', data: stamp(product, command) }];
  }
}

/** The stock of the variants on sale together. */
const totalStock = (details: ProductDetails, stock: ReadonlyMap<string, number>): number =>
  details.variants.reduce((units, variant) => units + (stock.get(variant.id) ?? 0), 0);

/** Variants are few: a copy of their stock per move keeps every folded state as it was. */
function withStock(state: Product, variantId: string, units: number): Product {
  const stock = new Map(state.stock).set(variantId, units);
  return { ...state, stock, stockQuantity: totalStock(state.details, stock) };
}

/** Variants ever made, `variants` among them (one waiting for review has its id already). */
function variantCount(state: Product, variants: readonly Variant[]): number {
  const numbered = variants.map((variant) => Number(variant.id.slice(1))).filter(Number.isInteger);
  return Math.max(state.variantCount, ...numbered);
}

/** After an edit of the variants: the next id counts them all, and the total counts those on sale. */
function variantsSeen(state: Product, variants: readonly Variant[]): Pick<Product, 'variantCount' | 'stockQuantity'> {
  return {
    variantCount: variantCount(state, variants),
    stockQuantity: variants.reduce((units, variant) => units + stockOf(state, variant.id), 0),
  };
}

/** Revisions are few per product: a copy per change keeps every folded state as it was. */
const ended = (state: Product, revisionId: string, outcome: RevisionOutcome): ReadonlyMap<string, RevisionOutcome> =>
  new Map(state.revisionOutcomes).set(revisionId, outcome);

export const productDecider: Decider<ProductCommand, ProductState, ProductEvent> = {
  initialState: null,

  evolve(state, recorded) {
    const { type, data } = upcastProductEvent(recorded);
    if (type === 'ProductListed') {
      const { productId, sellerId, stockQuantity, stockByVariant, listedAt: _, imported: __, ...details } = data;
      const stock = new Map(Object.entries(stockByVariant));
      return {
        productId,
        sellerId,
        details,
        translations: {},
        stockQuantity,
        stock,
        variantCount: details.variants.filter((variant) => variant.id !== DEFAULT_VARIANT_ID).length,
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
      case 'ProductUpdated': {
        const details = withDetailChanges(state.details, data.after);
        return { ...state, details, ...variantsSeen(state, details.variants) };
      }
      case 'ProductResubmitted':
        return { ...state, verification: 'pending' };
      case 'ProductTranslated':
        return { ...state, translations: withTranslation(state.translations, data.locale, data.after) };
      case 'StockAdjusted':
        return withStock(state, data.variantId, data.to);
      // A popular product has a reservation per order: copying them at every event would make
      // a fold quadratic. The map is created by ProductListed and owned by this one fold, whose
      // states are only ever read forwards, so updating it in place is safe.
      case 'StockReserved':
        state.reservations.set(reservationKey(data.orderId, data.variantId), data.quantity);
        return withStock(state, data.variantId, data.remaining);
      case 'StockReleased':
        state.reservations.delete(reservationKey(data.orderId, data.variantId));
        return withStock(state, data.variantId, data.remaining);
      case 'StockReturned':
        state.restocked.add(data.returnId);
        return withStock(state, data.variantId, data.remaining);
      case 'ProductRevisionSubmitted': {
        const { revisionId, before, after, replaces } = data;
        const revisionOutcomes = replaces === null ? state.revisionOutcomes : ended(state, replaces, 'replaced');
        return {
          ...state,
          revision: { revisionId, before, after },
          revisionCount: state.revisionCount + 1,
          revisionOutcomes,
          ...(after.variants && { variantCount: variantCount(state, after.variants) }),
        };
      }
      case 'ProductRevisionApproved': {
        const details = approvedVersion(state.details, data.after);
        return {
          ...state,
          details,
          ...variantsSeen(state, details.variants),
          revision: null,
          revisionOutcomes: ended(state, data.revisionId, 'approved'),
        };
      }
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
      if (state !== null) throw new DomainError('already_exists', /*i18n*/ 'Product already exists', 'conflict');
      if (!command.actor.roles.includes('seller')) throw forbidden(/*i18n*/ 'Only sellers can list products');
      const { actor, productId, product, at, imported } = command;
      const imageUrl = mainImageUrl(product.images);
      const { sku: _, options: __, variants: ___, ...fields } = product;
      const { details, stock } = listedVariants(product);
      const stockByVariant = Object.fromEntries(stock);
      const stockQuantity = [...stock.values()].reduce((sum, units) => sum + units, 0);
      const data = {
        productId,
        sellerId: actor.userId,
        ...fields,
        ...details,
        stockQuantity,
        stockByVariant,
        imageUrl,
        listedAt: at,
      };
      return [{ type: 'ProductListed', data: imported ? { ...data, imported } : data }];
    }
    if (state === null || (state.delisted && !STILL_APPLY_WHEN_DELISTED.has(command.type))) throw notFound();
    return decideOnListed(command, state);
  },
};
