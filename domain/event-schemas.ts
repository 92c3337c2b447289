/**
 * The zod shape of each event type's `data`, for the event catalog (its JSON Schemas, and the
 * guard that an event's shape changes only with a new version). The events themselves are plain
 * types in domain/<aggregate>/events.ts; each aggregate's schemas below are checked against its
 * union at compile time (`sameAs`), so a schema cannot drift from the type the decider folds.
 * Aggregates not here yet are listed in UNCATALOGUED.
 */
import { z } from 'zod';
import type { AddressBookEvent } from './address-book/events.ts';
import type { CartEvent } from './cart/events.ts';
import type { CategoryEvent } from './catalog/events.ts';
import type { ThreadEvent } from './conversation/events.ts';
import type { GatewayEventEvent } from './gateway-event/decider.ts';
import type { PayoutAccountEvent } from './payout-account/events.ts';
import type { PayoutEvent } from './payout/events.ts';
import type { ReviewEvent } from './review/events.ts';
import type { SellerStreamEvent } from './seller/events.ts';
import { STAFF_SURFACES, type StaffAccessEvent } from './staff-access/events.ts';
import type { WishlistEvent } from './wishlist/events.ts';

type DataSchemas = Record<string, z.ZodType>;

/** The event union the schemas describe: `{ type: K; data: z.infer<S[K]> }` for each K. */
type EventsOf<S extends DataSchemas> = { [K in keyof S & string]: { type: K; data: z.infer<S[K]> } }[keyof S & string];

/** Each assignable to the other: the same fields, the same optional ones, the same value types. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Compiles only when the schemas describe exactly the union `E`. */
const sameAs =
  <E>() =>
  <S extends DataSchemas>(schemas: S & (Same<EventsOf<S>, E> extends true ? unknown : never)): S =>
    schemas;

const text = z.string();
const time = z.string();
const paise = z.number();

const addressStamp = z.object({ userId: text, addressId: text, at: time });
const shippingAddress = z.object({
  firstName: text,
  lastName: text,
  phone: text,
  address: text,
  city: text,
  state: text,
  pincode: text,
});
const addressBook = sameAs<AddressBookEvent>()({
  AddressSaved: addressStamp.extend({ address: shippingAddress }),
  AddressEdited: addressStamp.extend({ address: shippingAddress }),
  AddressRemoved: addressStamp,
  DefaultAddressSet: addressStamp,
});

const cartLine = z.object({
  userId: text,
  productId: text,
  variantId: text.optional(),
  personalisation: z.array(z.object({ questionId: text, question: text, answer: text })).optional(),
});
const cart = sameAs<CartEvent>()({
  CartItemAdded: cartLine.extend({ quantity: z.number() }),
  CartItemQuantityChanged: cartLine.extend({ quantity: z.number() }),
  CartItemRemoved: cartLine,
  CartCleared: z.object({ userId: text, orderId: text.nullable() }),
});

const policyStamp = z.object({ categoryId: text, reason: text, by: text, at: time });
const category = sameAs<CategoryEvent>()({
  CategoryCreated: z.object({ categoryId: text, name: text, description: text, createdAt: time }),
  CategoryCommissionSet: policyStamp.extend({ rateBps: z.number().nullable() }),
  CategoryReturnsSet: policyStamp.extend({ returnable: z.boolean() }),
});

const payoutAccount = sameAs<PayoutAccountEvent>()({
  PayoutAccountSetUp: z.object({
    sellerId: text,
    linkedAccountId: text,
    beneficiaryName: text,
    accountLast4: text,
    ifsc: text,
    by: text,
    at: time,
  }),
});

const payout = sameAs<PayoutEvent>()({
  PayoutRecorded: z.object({
    payoutId: text,
    sellerId: text,
    amountPaise: paise,
    paidOn: text,
    reference: text,
    by: text,
    at: time,
  }),
});

const review = sameAs<ReviewEvent>()({
  ReviewSubmitted: z.object({
    productId: text,
    buyerId: text,
    authorName: text,
    rating: z.number(),
    comment: text,
    at: time,
  }),
  ReviewEdited: z.object({ productId: text, buyerId: text, rating: z.number(), comment: text, at: time }),
});

const saved = z.object({ userId: text, productId: text, variantId: text.optional(), at: time });
const wishlist = sameAs<WishlistEvent>()({ WishlistItemSaved: saved, WishlistItemRemoved: saved });

const gatewayEvent = sameAs<GatewayEventEvent>()({
  GatewayEventHandled: z.object({ eventId: text, event: text, orderId: text.nullable(), at: time }),
});

const party = z.enum(['buyer', 'seller']);
const image = z.object({ id: text, url: text, sizes: z.array(z.object({ width: z.number(), url: text })) });
const conversation = sameAs<ThreadEvent>()({
  ThreadMessagePosted: z.object({
    sellerOrderId: text,
    orderId: text,
    buyerId: text,
    sellerId: text,
    messageId: text,
    from: party,
    text,
    images: z.array(image),
    helpId: text.optional(),
    at: time,
  }),
  ThreadRead: z.object({ sellerOrderId: text, party, through: z.number(), at: time }),
  ThreadMessageMailed: z.object({ sellerOrderId: text, messageId: text, to: text, at: time }),
  ThreadReadByStaff: z.object({ sellerOrderId: text, by: text, at: time }),
});

const sellerStamp = z.object({ sellerId: text, by: text, at: time });
const taxProfileFields = z.object({
  legalName: text,
  tradeName: text.nullable(),
  pan: text,
  address: z.object({ address: text, city: text, pincode: text }),
  stateCode: text,
});
const seller = sameAs<SellerStreamEvent>()({
  SellerVerified: sellerStamp.extend({ reason: text.nullable() }),
  SellerSuspended: sellerStamp.extend({ reason: text }),
  SellerReinstated: sellerStamp.extend({ reason: text }),
  SellerProfileUpdated: sellerStamp.extend({
    displayName: text,
    region: text.nullable(),
    craft: text.nullable(),
    story: text.nullable(),
  }),
  SellerTaxProfileSet: sellerStamp.extend({
    profile: z.union([
      taxProfileFields.extend({ registered: z.literal(true), gstin: text }),
      taxProfileFields.extend({ registered: z.literal(false), enrolmentNumber: text }),
    ]),
  }),
});

const staffAccess = sameAs<StaffAccessEvent>()({
  PersonalDataViewed: z.object({ by: text, surface: z.enum(STAFF_SURFACES), subject: text, reason: text, at: time }),
});

/** Every catalogued event type's data schema, by aggregate (the folder in domain/ its events live in). */
export const EVENT_SCHEMAS: Record<string, DataSchemas> = {
  'address-book': addressBook,
  cart,
  catalog: category,
  conversation,
  'gateway-event': gatewayEvent,
  payout,
  'payout-account': payoutAccount,
  review,
  seller,
  'staff-access': staffAccess,
  wishlist,
};

/** Aggregates whose events have no schema here yet (the catalog lists their types from the log alone); a test keeps it complete. */
export const UNCATALOGUED = ['account', 'dispute', 'notification', 'order', 'product', 'shipment'] as const;
