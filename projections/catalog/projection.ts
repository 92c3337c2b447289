import type { AccountEvent } from '../../domain/account/events.ts';
import type { CategoryEvent } from '../../domain/catalog/events.ts';
import { defaultReturnable } from '../../domain/catalog/policy.ts';
import { type ProductStatusFacts, displayStatus, isPurchasable } from '../../domain/catalog/status.ts';
import { percentOff } from '../../domain/money.ts';
import type { ProductEvent } from '../../domain/product/events.ts';
import { approvedVersion } from '../../domain/product/revision.ts';
import { withTranslation } from '../../domain/product/translation.ts';
import { type ListedEvent, type UpcastProductEvent, upcastProductEvent } from '../../domain/product/upcast.ts';
import type { ReviewEvent } from '../../domain/review/events.ts';
import { averageRating } from '../../domain/review/rating.ts';
import type { SellerEvent, SellerProfileEvent } from '../../domain/seller/events.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { Doc, UnitOfWork } from '../../platform/readstore/port.ts';
import type { CategoryDoc } from '../categories/documents.ts';
import type { ProductDoc, VariantDoc } from './documents.ts';
import {
  type ProductOption,
  type Variant,
  priceRange,
  variantLabel,
  withDetailChanges,
} from '../../domain/product/variants.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import {
  type CatalogProvenanceEvent,
  applyProvenance,
  keepCode,
  PROVENANCE_COLLECTIONS,
  PROVENANCE_TYPES,
  provenanceOf,
} from './provenance.ts';

/**
 * Every account (a buyer may add the seller role later) with its name and standing, for the
 * products' sellerName, sellerVerified and sellerSuspended, and the products it listed.
 */
export const CATALOG_SELLERS = 'catalog_sellers';
/** The current rating of every review (id `${productId}:${buyerId}`), so an edit replaces it exactly. */
export const CATALOG_RATINGS = 'catalog_ratings';

interface SellerDoc extends Doc {
  /** The account's name, then the storefront's display name once the seller gives one. */
  fullName: string;
  verified: boolean;
  suspended: boolean;
  /** So that a change of standing reaches every product of the seller. */
  productIds: string[];
  /** The seller's own certificates (scope seller), whose badges every product of the seller shows. */
  certificateIds: string[];
}

interface RatingDoc extends Doc {
  rating: number;
}

type CatalogEvent =
  | ProductEvent
  | Extract<CategoryEvent, { type: 'CategoryCreated' | 'CategoryReturnsSet' }>
  | ReviewEvent
  | SellerEvent
  | SellerProfileEvent
  | Extract<AccountEvent, { type: 'AccountRegistered' }>
  | CatalogProvenanceEvent;
type ProductChange = Exclude<UpcastProductEvent, { type: 'ProductListed' }>;

/** The products (documents.ts `ProductDoc`). */
export const PRODUCTS = 'products';
/** The categories read model (projections/categories/), kept with the products it counts. */
export const CATEGORIES = 'categories';

/** What the spec shows when a seller has no name on record. */
const SELLER_FALLBACK = 'Seller';

/** What the derived fields are computed from. */
type DerivedFrom = Omit<ProductStatusFacts, 'stockQuantity'> &
  Pick<
    ProductDoc,
    'pricePaise' | 'originalPricePaise' | 'ratingSum' | 'ratingCount' | 'sellerSuspended' | 'options' | 'stockByVariant'
  > & { variants: Variant[] };

type Derived = 'visible' | 'displayStatus' | 'percentOff' | 'rating' | 'variants' | 'maxPricePaise' | 'stockQuantity';

/** The variants as shown: label and stock beside each. */
const variantDocs = (options: ProductOption[], variants: Variant[], stock: Record<string, number>): VariantDoc[] =>
  variants.map(({ id, sku, optionValues, pricePaise, originalPricePaise, imageUrls, madeToOrderDays }) => ({
    ...(madeToOrderDays !== undefined && { madeToOrderDays }),
    id,
    sku,
    optionValues,
    label: variantLabel(options, optionValues),
    pricePaise,
    originalPricePaise,
    imageUrls,
    stockQuantity: stock[id] ?? 0,
  }));

/** A product's stored fields before the derived ones: its variants as the events give them. */
type ProductFields = Omit<ProductDoc, Derived> & { variants: Variant[] };

function withDerived<T extends DerivedFrom>(product: T): Omit<T, Derived> & Pick<ProductDoc, Derived> {
  const variants = variantDocs(product.options, product.variants, product.stockByVariant);
  const stockQuantity = variants.reduce((units, variant) => units + variant.stockQuantity, 0);
  return {
    ...product,
    variants,
    maxPricePaise: priceRange(product.variants).maxPaise,
    stockQuantity,
    visible: isPurchasable(product) && !product.sellerSuspended,
    displayStatus: displayStatus({ ...product, stockQuantity }),
    percentOff: percentOff(product.pricePaise, product.originalPricePaise),
    rating: averageRating(product.ratingSum, product.ratingCount),
  };
}

/** The stock of one variant moved to `units`. */
const stockMoved = (product: ProductDoc, variantId: string, units: number): Partial<ProductFields> => ({
  stockByVariant: { ...product.stockByVariant, [variantId]: units },
});

const NO_REVISION = { pendingRevision: null, hasPendingRevision: false } as const;

/**
 * Fields an event on the product stream changes; `updatedAt` is the event's time. A revision
 * waiting, turned down or withdrawn leaves the live product and its `updatedAt` as they are.
 */
function productChange(event: ProductChange, product: ProductDoc): Partial<ProductFields> {
  const updatedAt = event.data.at;
  switch (event.type) {
    case 'ProductUpdated':
      // A new price of a product sold as one thing is its default variant's too.
      return { ...withDetailChanges(product, event.data.after), updatedAt };
    case 'ProductRevisionSubmitted': {
      const { revisionId, before, after, by, at } = event.data;
      return {
        pendingRevision: { revisionId, before, after, submittedBy: by, submittedAt: at },
        hasPendingRevision: true,
        rejectedRevision: null,
      };
    }
    case 'ProductRevisionApproved':
      return { ...approvedVersion(product, event.data.after), ...NO_REVISION, rejectedRevision: null, updatedAt };
    case 'ProductRevisionRejected': {
      const { pendingRevision } = product;
      const rejected = pendingRevision && { ...pendingRevision, reason: event.data.reason, rejectedAt: event.data.at };
      return { ...NO_REVISION, rejectedRevision: rejected };
    }
    case 'ProductRevisionWithdrawn':
      return NO_REVISION;
    case 'StockAdjusted':
      return { ...stockMoved(product, event.data.variantId, event.data.to), updatedAt };
    case 'StockReserved':
      return {
        ...stockMoved(product, event.data.variantId, event.data.remaining),
        unitsSold: product.unitsSold + event.data.quantity,
        lastSoldAt: updatedAt,
        updatedAt,
      };
    case 'StockReleased':
      return {
        ...stockMoved(product, event.data.variantId, event.data.remaining),
        unitsSold: product.unitsSold - event.data.quantity,
        updatedAt,
      };
    // Returned units were sold and sent back: the popularity sort counts what buyers kept.
    case 'StockReturned':
      return {
        ...stockMoved(product, event.data.variantId, event.data.remaining),
        unitsSold: product.unitsSold - event.data.quantity,
        updatedAt,
      };
    case 'ProductResubmitted':
      return { verification: 'pending', rejectionReason: null, rejectedRevision: null, updatedAt };
    case 'ProductTranslated':
      return { translations: withTranslation(product.translations, event.data.locale, event.data.after), updatedAt };
    case 'ProductVerified':
      return { verification: 'verified', rejectionReason: null, updatedAt };
    case 'ProductRejected':
      return { verification: 'rejected', rejectionReason: event.data.reason, updatedAt };
    case 'ProductFeatured':
      return { featured: true, updatedAt };
    case 'ProductUnfeatured':
      return { featured: false, updatedAt };
    case 'ProductDelisted':
      return { delisted: true, updatedAt };
  }
}

async function countInCategory(work: UnitOfWork, categoryId: string, delta: number): Promise<void> {
  const category = await work.get<CategoryDoc>(CATEGORIES, categoryId);
  if (category) work.put<CategoryDoc>(CATEGORIES, { ...category, productCount: category.productCount + delta });
}

/** Stores the product and moves it between the category counts when it became (in)visible or changed category. */
async function saveProduct(work: UnitOfWork, before: ProductDoc | null, after: ProductDoc): Promise<void> {
  work.put<ProductDoc>(PRODUCTS, after);
  const countedIn = before?.visible ? before.categoryId : null;
  const countsIn = after.visible ? after.categoryId : null;
  if (countedIn === countsIn) return;
  if (countedIn !== null) await countInCategory(work, countedIn, -1);
  if (countsIn !== null) await countInCategory(work, countsIn, +1);
}

async function updateProduct(
  work: UnitOfWork,
  productId: string,
  change: (product: ProductDoc) => Partial<ProductFields>,
): Promise<void> {
  const before = await work.get<ProductDoc>(PRODUCTS, productId);
  if (before) await saveProduct(work, before, withDerived({ ...before, ...change(before) }));
}

const newSeller = (id: string): SellerDoc => ({
  id,
  fullName: SELLER_FALLBACK,
  verified: false,
  suspended: false,
  productIds: [],
  certificateIds: [],
});

async function sellerOf(work: UnitOfWork, sellerId: string): Promise<SellerDoc> {
  return (await work.get<SellerDoc>(CATALOG_SELLERS, sellerId)) ?? newSeller(sellerId);
}

async function registerAccount(
  work: UnitOfWork,
  { userId, fullName }: { userId: string; fullName: string },
): Promise<void> {
  work.put<SellerDoc>(CATALOG_SELLERS, { ...(await sellerOf(work, userId)), fullName });
}

/** Keeps the seller's new standing and carries it to each of their products (a suspension hides them). */
async function changeStanding(work: UnitOfWork, { type, data }: SellerEvent): Promise<void> {
  const seller = await sellerOf(work, data.sellerId);
  const standing = type === 'SellerVerified' ? { verified: true } : { suspended: type === 'SellerSuspended' };
  const changed = { ...seller, ...standing };
  work.put<SellerDoc>(CATALOG_SELLERS, changed);
  const fields = { sellerVerified: changed.verified, sellerSuspended: changed.suspended };
  for (const productId of changed.productIds) await updateProduct(work, productId, () => fields);
}

/** The name the seller gives their storefront is the one their products are sold under. */
async function renameSeller(work: UnitOfWork, { sellerId, displayName }: SellerProfileEvent['data']): Promise<void> {
  const seller = await sellerOf(work, sellerId);
  if (seller.fullName === displayName) return;
  work.put<SellerDoc>(CATALOG_SELLERS, { ...seller, fullName: displayName });
  for (const productId of seller.productIds) await updateProduct(work, productId, () => ({ sellerName: displayName }));
}

async function listProduct(work: UnitOfWork, { data }: ListedEvent): Promise<void> {
  const { productId, sellerId, listedAt, imported: _, stockQuantity: __, ...details } = data;
  const seller = await sellerOf(work, sellerId);
  if (!seller.productIds.includes(productId)) {
    work.put<SellerDoc>(CATALOG_SELLERS, { ...seller, productIds: [...seller.productIds, productId] });
  }
  keepCode(work, productId);
  const fields: ProductFields = {
    id: productId,
    sellerId,
    sellerName: seller.fullName,
    ...details,
    translations: {},
    verification: 'pending',
    rejectionReason: null,
    featured: false,
    delisted: false,
    sellerVerified: seller.verified,
    sellerSuspended: seller.suspended,
    ratingCount: 0,
    ratingSum: 0,
    unitsSold: 0,
    lastSoldAt: null,
    pendingRevision: null,
    hasPendingRevision: false,
    rejectedRevision: null,
    listedAt,
    updatedAt: listedAt,
    provenance: await provenanceOf(work, productId, seller.certificateIds),
  };
  await saveProduct(work, await work.get<ProductDoc>(PRODUCTS, productId), withDerived(fields));
}

/** A submitted or edited review: the product's sum loses the review's previous rating, if any, and gains the new one. */
async function rateProduct(work: UnitOfWork, { productId, buyerId, rating }: ReviewEvent['data']): Promise<void> {
  const id = `${productId}:${buyerId}`;
  const previous = await work.get<RatingDoc>(CATALOG_RATINGS, id);
  work.put<RatingDoc>(CATALOG_RATINGS, { id, rating });
  await updateProduct(work, productId, (product) => ({
    ratingSum: product.ratingSum - (previous?.rating ?? 0) + rating,
    ratingCount: product.ratingCount + (previous ? 0 : 1),
  }));
}

async function createCategory(
  work: UnitOfWork,
  { categoryId, name, description }: Extract<CategoryEvent, { type: 'CategoryCreated' }>['data'],
): Promise<void> {
  const existing = await work.get<CategoryDoc>(CATEGORIES, categoryId);
  const returnable = existing?.returnable ?? defaultReturnable(categoryId);
  work.put<CategoryDoc>(CATEGORIES, {
    id: categoryId,
    name,
    description,
    returnable,
    productCount: existing?.productCount ?? 0,
  });
}

/** Shows each product's provenance again after a provenance event (a seller's certificate: on every product of the seller). */
async function showProvenance(work: UnitOfWork, event: CatalogProvenanceEvent): Promise<void> {
  const reached = await applyProvenance(work, event);
  let productIds: readonly string[];
  if ('productIds' in reached) productIds = reached.productIds;
  else {
    const seller = await sellerOf(work, reached.sellerId);
    // Submitted, it gives no badge yet.
    if (reached.submitted) {
      const certificateIds = [...seller.certificateIds, reached.certificateId];
      return work.put<SellerDoc>(CATALOG_SELLERS, { ...seller, certificateIds });
    }
    productIds = seller.productIds;
  }
  for (const productId of productIds) {
    const product = await work.get<ProductDoc>(PRODUCTS, productId);
    if (!product) continue;
    const { certificateIds } = await sellerOf(work, product.sellerId);
    const provenance = await provenanceOf(work, productId, certificateIds);
    // Unchanged (a certificate submitted, a maker's story): the product is not written again.
    if (JSON.stringify(provenance) !== JSON.stringify(product.provenance))
      await updateProduct(work, productId, () => ({ provenance }));
  }
}

const PRODUCT_CHANGES = new Set<ProductChange['type']>([
  'ProductUpdated',
  'ProductResubmitted',
  'ProductRevisionSubmitted',
  'ProductRevisionApproved',
  'ProductRevisionRejected',
  'ProductRevisionWithdrawn',
  'StockAdjusted',
  'StockReserved',
  'StockReleased',
  'StockReturned',
  'ProductTranslated',
  'ProductVerified',
  'ProductRejected',
  'ProductFeatured',
  'ProductUnfeatured',
  'ProductDelisted',
]);

const SELLER_EVENTS: ReadonlyArray<SellerEvent['type']> = ['SellerVerified', 'SellerSuspended', 'SellerReinstated'];

const isProductChange = (event: CatalogEvent | UpcastProductEvent): event is ProductChange =>
  PRODUCT_CHANGES.has(event.type as ProductChange['type']);
const isProductEvent = (event: CatalogEvent): event is ProductEvent =>
  event.type === 'ProductListed' || isProductChange(event);

/** The public catalog: products with their seller's name and standing, ratings and sales, and categories with product counts. */
export const catalog: Projection = {
  name: 'catalog',
  // 2: categories say whether they take returns. 3: products carry their revisions for review. 4: products carry their images. 5: when each last sold.
  // 6: products carry their tax data (HSN code and GST rate). 7: and their made-to-order days. 8: and personalisation questions.
  // 9: their options and variants, with the stock of each. 10: no option filter keys (the filter reads the variants).
  // 11: their provenance (code, method, makers and badges), and the lookup of a product by its code.
  // 12: their name, description and tags in other languages (issue 30).
  version: 12,
  collections: [
    // The last two serve the admins' review queues: new products, and changes to verified ones.
    {
      name: PRODUCTS,
      indexes: [
        ['visible'],
        ['sellerId', 'delisted', 'listedAt'],
        ['verification', 'delisted', 'listedAt'],
        ['hasPendingRevision', 'delisted', 'listedAt'],
      ],
    },
    { name: CATEGORIES, indexes: [['name']] },
    { name: CATALOG_SELLERS },
    { name: CATALOG_RATINGS },
    ...PROVENANCE_COLLECTIONS,
  ],
  eventTypes: new Set([
    'ProductListed',
    ...PRODUCT_CHANGES,
    'CategoryCreated',
    'CategoryReturnsSet',
    'AccountRegistered',
    'ReviewSubmitted',
    'ReviewEdited',
    ...SELLER_EVENTS,
    'SellerProfileUpdated',
    ...PROVENANCE_TYPES,
  ]),

  async apply({ type, data }: RecordedEvent, work: UnitOfWork): Promise<void> {
    const recorded = { type, data } as CatalogEvent;
    // Product events written before galleries read as the gallery of their one image.
    const event = isProductEvent(recorded) ? upcastProductEvent(recorded) : recorded;
    if (isProductChange(event))
      return updateProduct(work, event.data.productId, (product) => productChange(event, product));
    if (PROVENANCE_TYPES.has(event.type)) return showProvenance(work, event as CatalogProvenanceEvent);
    switch (event.type) {
      case 'ProductListed':
        return listProduct(work, event);
      case 'CategoryCreated':
        return createCategory(work, event.data);
      case 'CategoryReturnsSet':
        await work.patch<CategoryDoc>(CATEGORIES, event.data.categoryId, { returnable: event.data.returnable });
        return;
      case 'AccountRegistered':
        return registerAccount(work, event.data);
      case 'SellerVerified':
      case 'SellerSuspended':
      case 'SellerReinstated':
        return changeStanding(work, event);
      case 'SellerProfileUpdated':
        return renameSeller(work, event.data);
      case 'ReviewSubmitted':
      case 'ReviewEdited':
        return rateProduct(work, event.data);
    }
  },
};
