/**
 * A product's history in plain words: what each product event (and each review of the
 * product) says to its seller. Pure, so the API and the SPA word it the same way. A summary
 * the history shows on its own is a message of the server catalog (domain/i18n/message.ts), so
 * the SPA reads it back in the language on screen.
 */
import type { DisplayStatus, Verification } from '../catalog/status.ts';
import { english } from '../i18n/message.ts';
import { formatInr } from '../money.ts';
import { shortOrderId, shortReturnId } from '../order/status.ts';
import type { ReviewEvent } from '../review/events.ts';
import { formatProductTax } from '../tax/product-tax.ts';
import type { ProductDetails, ProductEvent, StockReleaseReason } from './events.ts';
import type { ProductImage } from './image.ts';
import { questionsText } from './personalisation.ts';
import { LANGUAGE_NAMES, type ProductTranslation, type TranslatedLocale } from './translation.ts';
import { type UpcastProductEvent, upcastProductEvent } from './upcast.ts';
import { DEFAULT_VARIANT_ID, type ProductOption, type Variant, variantLabel } from './variants.ts';

/** A product as it stood at one moment (the as-of view), folded from its events. */
export interface ProductVersion extends ProductDetails {
  id: string;
  sellerId: string;
  stockQuantity: number;
  verification: Verification;
  featured: boolean;
  delisted: boolean;
  displayStatus: DisplayStatus;
  /** The last event folded in: its log position, stream revision and time. */
  position: number;
  revision: number;
  at: string;
}

/** One field of an edit or a stock move, its values written for people. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

export interface EventDescription {
  summary: string;
  changes?: FieldChange[];
  /** Of a restore: the time of the version it brought back. */
  restores?: string;
}

/** What the words need but the events do not hold. */
export interface HistoryNames {
  category(categoryId: string): string;
}

type Shown<K extends keyof ProductDetails> = (value: ProductDetails[K], names: HistoryNames) => string;

const text = (value: string): string => value;
const orNone =
  <T>(show: (value: T) => string) =>
  (value: T | null): string =>
    value === null ? 'none' : show(value);

/** The fields shown: `imageUrl` only repeats the main image of `images`. */
type ShownField = Exclude<keyof ProductDetails, 'imageUrl'>;

const imageCount = (images: ProductImage[]): string =>
  images.length === 0 ? 'none' : images.length === 1 ? '1 image' : `${images.length} images`;

const optionsText = (options: ProductOption[]): string =>
  options.length === 0 ? 'none' : options.map(({ name, values }) => `${name}: ${values.join(', ')}`).join('; ');

/** "8/Tan BR-8-T ₹1,299.00, ...": each variant by its values, SKU and price (the default variant by its SKU and price). */
const variantsText = (variants: Variant[]): string =>
  variants
    .map(({ optionValues, sku, pricePaise }) =>
      [optionValues.join('/'), sku, formatInr(pricePaise)].filter(Boolean).join(' '),
    )
    .join(', ');

/** Label and written value of each editable field, in the order of the Add Product form. */
const DETAIL_FIELDS: { [K in ShownField]: { label: string; show: Shown<K> } } = {
  name: { label: 'Name', show: text },
  description: { label: 'Description', show: text },
  pricePaise: { label: 'Price', show: formatInr },
  originalPricePaise: { label: 'Original price', show: orNone(formatInr) },
  categoryId: { label: 'Category', show: (id, names) => names.category(id) },
  images: { label: 'Images', show: imageCount },
  tags: { label: 'Tags', show: (tags) => (tags.length === 0 ? 'none' : tags.join(', ')) },
  tax: { label: 'Tax', show: formatProductTax },
  madeToOrderDays: { label: 'Made to order', show: orNone((days) => `${days} ${days === 1 ? 'day' : 'days'}`) },
  personalisation: { label: 'Personalisation', show: questionsText },
  options: { label: 'Options', show: optionsText },
  variants: { label: 'Variants', show: variantsText },
};

export const STOCK_LABEL = 'Stock';

const RELEASED_BECAUSE: Record<StockReleaseReason, string> = {
  order_cancelled: /*i18n*/ 'Released {quantity}: order #{order} cancelled',
  order_failed: /*i18n*/ 'Released {quantity}: order #{order} could not be placed',
};

/** Long values (a description) are cut in the summary; `changes` keeps them whole. */
const SUMMARY_VALUE_LENGTH = 60;
const clip = (value: string): string =>
  value.length <= SUMMARY_VALUE_LENGTH ? value : `${value.slice(0, SUMMARY_VALUE_LENGTH - 1)}…`;

/** 'Price: ₹1,499.00 → ₹1,299.00' */
export const changeText = ({ field, before, after }: FieldChange): string =>
  `${field}: ${clip(before)} → ${clip(after)}`;

function fieldChange<K extends ShownField>(
  key: K,
  before: ProductDetails[K],
  after: ProductDetails[K],
  names: HistoryNames,
): FieldChange {
  const { label, show }: { label: string; show: Shown<K> } = DETAIL_FIELDS[key];
  return { field: label, before: show(before, names), after: show(after, names) };
}

/** The fields an edit changed, in form order, each with its value before and after. */
export function detailChanges(
  before: Partial<ProductDetails>,
  after: Partial<ProductDetails>,
  names: HistoryNames,
): FieldChange[] {
  return (Object.keys(DETAIL_FIELDS) as ShownField[]).flatMap((key) => {
    const [from, to] = [before[key], after[key]];
    return from === undefined || to === undefined ? [] : [fieldChange(key, from, to, names)];
  });
}

const TRANSLATED_FIELDS = [
  ['name', 'Name'],
  ['description', 'Description'],
  ['tags', 'Tags'],
] as const satisfies ReadonlyArray<readonly [keyof ProductTranslation, string]>;

/** The fields of a translation that changed ('Name in Hindi': none → बनारसी साड़ी); a field not given reads 'none'. */
export function translationChanges(
  locale: TranslatedLocale,
  before: ProductTranslation | null,
  after: ProductTranslation | null,
): FieldChange[] {
  const shown = (translation: ProductTranslation | null, key: keyof ProductTranslation): string => {
    const value = translation?.[key] ?? '';
    const written = Array.isArray(value) ? value.join(', ') : value;
    return written === '' ? 'none' : written;
  };
  return TRANSLATED_FIELDS.flatMap(([key, label]): FieldChange[] => {
    const change = {
      field: `${label} in ${LANGUAGE_NAMES[locale]}`,
      before: shown(before, key),
      after: shown(after, key),
    };
    return change.before === change.after ? [] : [change];
  });
}

/** A product's options and variants as they stood at an event: what names a variant in words. */
interface Variety {
  options: ProductOption[];
  variants: Variant[];
}

const NO_VARIETY: Variety = { options: [], variants: [] };

/**
 * The options and variants after an event: those listed, then those an edit or an approval
 * changed; a variant sent for review is named too (its stock may be given before it goes live).
 */
function varietyAfter(event: UpcastProductEvent, variety: Variety): Variety {
  if (event.type === 'ProductListed') return { options: event.data.options, variants: event.data.variants };
  if (event.type === 'ProductRevisionSubmitted') {
    const waiting = (event.data.after.variants ?? []).filter(
      ({ id }) => !variety.variants.some((one) => one.id === id),
    );
    return { ...variety, variants: [...variety.variants, ...waiting] };
  }
  if (event.type !== 'ProductUpdated' && event.type !== 'ProductRevisionApproved') return variety;
  const { options = variety.options, variants = variety.variants } = event.data.after;
  return { options, variants };
}

/** The stock field of a move: of the product sold as one thing, or of one variant ('Stock of Size 8 · Tan'; its id when it has no values). */
function stockChange(from: number, to: number, variantId: string, variety: Variety): FieldChange[] {
  return [{ field: stockField(variantId, variety), before: String(from), after: String(to) }];
}

function stockField(variantId: string, variety: Variety): string {
  if (variantId === DEFAULT_VARIANT_ID) return STOCK_LABEL;
  const variant = variety.variants.find((one) => one.id === variantId);
  const label = variant && variantLabel(variety.options, variant.optionValues);
  return label ? `${STOCK_LABEL} of ${label}` : `${STOCK_LABEL} (${variantId})`;
}

/** What a change a catalog import made says first. */
export const IMPORTED = 'Imported';

/**
 * A product's events in words, in log order, a variant's stock named by its label as the product
 * then had it; one a catalog import made says so first ("Imported: Price: ₹1,499.00 → ₹1,299.00").
 */
export function describeProductEvents<E extends ProductEvent>(
  recorded: readonly E[],
  names: HistoryNames,
): Array<{ event: E; description: EventDescription }> {
  let variety = NO_VARIETY;
  return recorded.map((one) => {
    const event = upcastProductEvent(one);
    variety = varietyAfter(event, variety);
    const description = describeChange(event, names, variety);
    const imported = 'imported' in one.data && one.data.imported !== undefined;
    return {
      event: one,
      description: imported
        ? { ...description, summary: english(/*i18n*/ 'Imported: {summary}', { summary: description.summary }) }
        : description,
    };
  });
}

function describeChange(event: UpcastProductEvent, names: HistoryNames, variety: Variety): EventDescription {
  switch (event.type) {
    case 'ProductListed': {
      const { pricePaise, stockQuantity, categoryId } = event.data;
      return {
        summary: english(/*i18n*/ 'Listed in {category} at {price} with {stock} in stock', {
          category: names.category(categoryId),
          price: formatInr(pricePaise),
          stock: stockQuantity,
        }),
      };
    }
    case 'ProductUpdated': {
      const changes = detailChanges(event.data.before, event.data.after, names);
      const summary = changes.map(changeText).join('; ');
      const { restores } = event.data;
      return restores === undefined ? { summary, changes } : { summary: `Restored: ${summary}`, changes, restores };
    }
    case 'StockAdjusted': {
      const { from, to } = event.data;
      return {
        summary: english(/*i18n*/ 'Stock adjusted from {from} to {to}', { from, to }),
        changes: stockChange(from, to, event.data.variantId, variety),
      };
    }
    case 'StockReserved': {
      const { orderId, quantity, remaining } = event.data;
      return {
        summary: english(/*i18n*/ 'Reserved {quantity} by order #{order}', { quantity, order: shortOrderId(orderId) }),
        changes: stockChange(remaining + quantity, remaining, event.data.variantId, variety),
      };
    }
    case 'StockReleased': {
      const { orderId, quantity, remaining, reason } = event.data;
      return {
        summary: english(RELEASED_BECAUSE[reason], { quantity, order: shortOrderId(orderId) }),
        changes: stockChange(remaining - quantity, remaining, event.data.variantId, variety),
      };
    }
    case 'StockReturned': {
      const { returnId, quantity, remaining } = event.data;
      return {
        summary: english(/*i18n*/ 'Restocked {quantity}: return {return} accepted', {
          quantity,
          return: shortReturnId(returnId),
        }),
        changes: stockChange(remaining - quantity, remaining, event.data.variantId, variety),
      };
    }
    case 'ProductRevisionSubmitted': {
      const changes = detailChanges(event.data.before, event.data.after, names);
      const sent =
        event.data.replaces === null ? 'Changes sent for review' : 'Changes sent for review, replacing those waiting';
      return { summary: `${sent}: ${changes.map(changeText).join('; ')}`, changes };
    }
    case 'ProductRevisionApproved': {
      const changes = detailChanges(event.data.before, event.data.after, names);
      return { summary: `Changes approved: ${changes.map(changeText).join('; ')}`, changes };
    }
    case 'ProductRevisionRejected':
      return { summary: english(/*i18n*/ 'Changes rejected: {reason}', { reason: event.data.reason }) };
    case 'ProductRevisionWithdrawn':
      return { summary: english(/*i18n*/ 'Changes waiting for review withdrawn') };
    case 'ProductTranslated': {
      const { locale, before, after } = event.data;
      const changes = translationChanges(locale, before, after);
      const language = LANGUAGE_NAMES[locale];
      if (after === null)
        return { summary: english(/*i18n*/ '{language} name, description and tags removed', { language }), changes };
      const what = before === null ? `Added in ${language}` : `Changed in ${language}`;
      return { summary: `${what}: ${changes.map(changeText).join('; ')}`, changes };
    }
    case 'ProductVerified':
      return { summary: english(/*i18n*/ 'Verified') };
    case 'ProductRejected':
      return { summary: english(/*i18n*/ 'Rejected: {reason}', { reason: event.data.reason }) };
    case 'ProductResubmitted':
      return { summary: english(/*i18n*/ 'Resubmitted for review') };
    case 'ProductFeatured':
      return { summary: english(/*i18n*/ 'Featured') };
    case 'ProductUnfeatured':
      return { summary: english(/*i18n*/ 'No longer featured') };
    case 'ProductDelisted':
      return { summary: english(/*i18n*/ 'Delisted') };
  }
}

/** ReviewEdited does not repeat the author's name, so it is passed in. */
export function describeReviewEvent(event: ReviewEvent, authorName: string): EventDescription {
  const values = { name: authorName, rating: event.data.rating };
  return {
    summary:
      event.type === 'ReviewSubmitted'
        ? english(/*i18n*/ 'Review received from {name}: rated {rating} out of 5', values)
        : english(/*i18n*/ 'Review from {name} edited: rated {rating} out of 5', values),
  };
}

/** When it happened, as the command said. */
export const occurredAt = (event: ProductEvent | ReviewEvent): string =>
  event.type === 'ProductListed' ? event.data.listedAt : event.data.at;

/**
 * Who did it, as the event says: the seller for a listing, the buyer for a review. Null
 * for stock reservations, releases and returns, which the order flow sends on a buyer's behalf.
 */
export function actedBy(event: ProductEvent | ReviewEvent): string | null {
  switch (event.type) {
    case 'ProductListed':
      return event.data.sellerId;
    case 'ReviewSubmitted':
    case 'ReviewEdited':
      return event.data.buyerId;
    case 'StockReserved':
    case 'StockReleased':
    case 'StockReturned':
      return null;
    default:
      return event.data.by;
  }
}
