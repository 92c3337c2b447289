/**
 * The zod shape of each event type's `data`, for the event catalog (its JSON Schemas, and the
 * guard that an event's shape changes only with a new version). The events themselves are plain
 * types in domain/<aggregate>/events.ts; each aggregate's schemas below are checked against its
 * union at compile time (`sameAs`), so a schema cannot drift from the type the decider folds.
 * Values from a fixed list (roles, carriers, notice kinds...) are enums of the lists the domain
 * keeps, so adding a value is a change of shape the catalog guard sees.
 */
import { z } from 'zod';
import type { AccountEvent } from './account/events.ts';
import type { EmailEvent } from './account/email.ts';
import type { NoticeEvent as AccountNoticeEvent } from './account/notices.ts';
import { ROLES, SELF_SERVICE_ROLES } from './actor.ts';
import type { AddressBookEvent } from './address-book/events.ts';
import type { CartEvent } from './cart/events.ts';
import type { CategoryEvent } from './catalog/events.ts';
import { type CatalogImportEvent, ROW_OUTCOMES } from './catalog-import/import.ts';
import { CATALOG_COLUMNS } from './catalog-import/rows.ts';
import type { ThreadEvent } from './conversation/events.ts';
import { DISPLAY_CURRENCIES, FOREIGN_CURRENCIES } from './currency/currencies.ts';
import type { ReferenceRateEvent } from './currency/reference-rates.ts';
import type { ZoneTableEvent } from './delivery/zone-table.ts';
import { ZONES } from './delivery/zones.ts';
import { DISPUTE_OUTCOMES, HELP_REASONS, HELP_RESOLUTIONS, type HelpEvent } from './dispute/events.ts';
import type { GatewayEventEvent } from './gateway-event/decider.ts';
import { LOCALES } from './i18n/locales.ts';
import type { CommissionSeriesEvent } from './invoice/commission-series.ts';
import type { DeliverySeriesEvent } from './invoice/delivery-series.ts';
import type { SeriesEvent } from './invoice/series.ts';
import { PRODUCT_DECISIONS, STANDING_DECISIONS } from './notification/decisions.ts';
import type { NotificationEvent } from './notification/events.ts';
import { BUYER_NOTICES, NOTICE_KINDS, SELLER_NOTICES } from './notification/notices.ts';
import type { OrderConfirmationEvent } from './order/confirmation.ts';
import type { OrderEvent } from './order/events.ts';
import { DELIVERY_METHODS, PAYMENT_METHOD_IDS } from './order/options.ts';
import type { LegacyOrderEvent } from './order/upcast.ts';
import type { PayoutAccountEvent } from './payout-account/events.ts';
import type { PayoutEvent } from './payout/events.ts';
import type { ProductEvent } from './product/events.ts';
import { TRANSLATED_LOCALES } from './product/translation.ts';
import type { ImageUploadEvent } from './product/image-upload.ts';
import type { SkuReservationEvent } from './product/sku-reservations.ts';
import {
  ARTISAN_ID_KINDS,
  CERTIFICATE_KINDS,
  EVIDENCE_TYPES,
  type EvidenceEvent,
  MAKER_KINDS,
  MAKING_METHODS,
  type ProvenanceEvent,
} from './provenance/events.ts';
import type { ReviewEvent } from './review/events.ts';
import type { SellerStreamEvent } from './seller/events.ts';
import { CARRIER_IDS } from './shipment/carriers.ts';
import { type ShipmentEvent, TRACKING_UPDATES } from './shipment/events.ts';
import { STAFF_SURFACES, type StaffAccessEvent } from './staff-access/events.ts';
import { SERVICES, type TaxPolicyEvent } from './tax/policy.ts';
import { WISHLIST_ALERT_KINDS } from './wishlist/alerts.ts';
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
const count = z.number();
const imageSize = z.object({ width: z.number(), url: text });
const image = z.object({ id: text, url: text, sizes: z.array(imageSize) });
/** A buyer's answer to a product's question, with the question as it was asked. */
const answer = z.object({ questionId: text, question: text, answer: text });

/** The account folder's events: the account's, its e-mail's reservation and the mails of its notices. */
const account = sameAs<AccountEvent | EmailEvent | AccountNoticeEvent>()({
  EmailReserved: z.object({ userId: text, emailNormalized: text }),
  AccountNoticeMailed: z.object({ userId: text, to: text, at: time }),
  AccountRegistered: z.object({
    userId: text,
    fullName: text,
    email: text,
    emailNormalized: text,
    passwordHash: text,
    role: z.enum(SELF_SERVICE_ROLES),
    registeredAt: time,
    emailVerified: z.boolean().optional(),
  }),
  RoleAdded: z.object({ userId: text, role: z.enum(ROLES), by: text, at: time }),
  RoleRemoved: z.object({ userId: text, role: z.enum(ROLES), by: text, at: time }),
  PasswordChanged: z.object({ userId: text, passwordHash: text, changedAt: time }),
  PasswordResetRequested: z.object({ userId: text, tokenHash: text, expiresAt: time, requestedAt: time }),
  PasswordResetCompleted: z.object({ userId: text, tokenHash: text, completedAt: time }),
  EmailVerificationRequested: z.object({
    userId: text,
    email: text,
    tokenHash: text,
    expiresAt: time,
    requestedAt: time,
  }),
  EmailVerified: z.object({ userId: text, email: text, tokenHash: text.nullable(), verifiedAt: time }),
  TotpEnrolled: z.object({ userId: text, secret: text, recoveryCodeHashes: z.array(text), enrolledAt: time }),
  TotpDisabled: z.object({ userId: text, by: text, disabledAt: time }),
  SecondFactorCodesLocked: z.object({ userId: text, burst: count, failures: count, waitMs: count, at: time }),
  RecoveryCodeUsed: z.object({ userId: text, codeHash: text, usedAt: time }),
  RecoveryCodesReplaced: z.object({ userId: text, recoveryCodeHashes: z.array(text), replacedAt: time }),
  MailChoicesChanged: z.object({ userId: text, muted: z.array(z.enum(NOTICE_KINDS)), at: time }),
  DisplayCurrencyChosen: z.object({ userId: text, currency: z.enum(DISPLAY_CURRENCIES), at: time }),
  LanguageChosen: z.object({ userId: text, locale: z.enum(LOCALES), at: time }),
});

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
  personalisation: z.array(answer).optional(),
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

const notice = z.object({
  notificationId: text,
  recipientId: text,
  orderId: text.nullable(),
  sellerOrderId: text.nullable(),
  productId: text.nullable(),
  title: text,
  body: text,
  at: time,
});
const notification = sameAs<NotificationEvent>()({
  SellerNotified: z.object({
    notificationId: text,
    sellerId: text,
    orderId: text,
    sellerOrderId: text.optional(),
    title: text,
    body: text,
    at: time,
  }),
  BuyerNotified: z.object({
    notificationId: text,
    buyerId: text,
    productId: text,
    kind: z.enum(WISHLIST_ALERT_KINDS),
    title: text,
    body: text,
    at: time,
  }),
  NotificationRead: z.object({ notificationId: text, by: text, at: time }),
  NotificationMailed: z.object({ notificationId: text, to: text, at: time }),
  NotificationMailDeclined: z.object({ notificationId: text, at: time }),
  NoticeRecorded: z.discriminatedUnion('role', [
    notice.extend({ role: z.literal('buyer'), kind: z.enum(BUYER_NOTICES) }),
    notice.extend({ role: z.literal('seller'), kind: z.enum(SELLER_NOTICES) }),
  ]),
  SellerDecisionNotified: z.object({
    notificationId: text,
    sellerId: text,
    decision: z.enum([...PRODUCT_DECISIONS, ...STANDING_DECISIONS]),
    productId: text.nullable(),
    reason: text.nullable(),
    title: text,
    body: text,
    at: time,
  }),
});

/** Who moved a seller order and when: the stamp of its moves, shipments and help requests. */
const sellerOrderStamp = z.object({ orderId: text, sellerOrderId: text, sellerId: text, by: text, at: time });

const tracking = sellerOrderStamp.extend({
  carrier: z.enum(CARRIER_IDS),
  carrierName: text,
  awb: text,
  trackingUrl: text,
});
const shipment = sameAs<ShipmentEvent>()({
  ShipmentTrackingAdded: tracking,
  ShipmentTrackingCorrected: tracking,
  ShipmentTrackingRegistered: sellerOrderStamp.extend({ awb: text }),
  ShipmentUpdateRecorded: sellerOrderStamp.extend({
    update: z.enum(TRACKING_UPDATES),
    location: text,
    happenedAt: time,
    source: z.enum(['seller', 'courier']),
    courierEventId: text.nullable(),
    awb: text,
  }),
});

const helpStamp = sellerOrderStamp.extend({ helpId: text });
const helpRefund = z
  .object({ refundId: text, amountPaise: paise, commissionPaise: paise, earningPaise: paise })
  .nullable();
const dispute = sameAs<HelpEvent>()({
  HelpRequested: helpStamp.extend({
    buyerId: text,
    reason: z.enum(HELP_REASONS),
    text,
    images: z.array(image),
    answerBy: time,
  }),
  HelpAnswered: helpStamp.extend({ text }),
  HelpResolved: helpStamp.extend({ resolution: z.enum(HELP_RESOLUTIONS), text, refund: helpRefund }),
  HelpEscalated: helpStamp.extend({ text }),
  DisputeDecided: helpStamp.extend({ outcome: z.enum(DISPUTE_OUTCOMES), reason: text, refund: helpRefund }),
});

/** A line's variant and answers, each only when not the default (domain/order/line-key.ts). */
const lineKeyFields = { variantId: text.optional(), personalisation: z.array(answer).optional() };
const orderLine = z.object({
  productId: text,
  variantId: text.optional(),
  variantLabel: text.optional(),
  sku: text.optional(),
  personalisation: z.array(answer).optional(),
  name: text,
  pricePaise: paise,
  quantity: count,
  imageUrl: text.nullable(),
  sellerId: text,
  sellerName: text,
  categoryId: text,
});
const sellerOrderPart = z.object({
  sellerOrderId: text,
  sellerId: text,
  sellerName: text,
  subtotalPaise: paise,
  shipBy: text,
  promise: z.object({ zone: z.enum(ZONES), from: text, to: text }).optional(),
});
const settlement = z.array(
  z.object({
    ...lineKeyFields,
    productId: text,
    quantity: count,
    amountPaise: paise,
    commissionBps: z.number(),
    commissionPaise: paise,
    earningPaise: paise,
  }),
);
const undoableMove = sellerOrderStamp.extend({ undoUntil: time.optional() });
const returnStamp = sellerOrderStamp.extend({ returnId: text });
const refundStep = z.object({ orderId: text, refundId: text, gatewayRefundId: text, at: time });
/**
 * The order folder's events: the purchase stream's own (its help requests and shipments are the
 * dispute and shipment aggregates') and the confirmation mail's.
 */
const order = sameAs<Exclude<OrderEvent, HelpEvent | ShipmentEvent> | OrderConfirmationEvent>()({
  OrderConfirmationMailed: z.object({ orderId: text, buyerId: text, to: text, at: time }),
  OrderPlaced: z.object({
    orderId: text,
    buyerId: text,
    buyerName: text,
    lines: z.array(orderLine),
    sellerOrders: z.array(sellerOrderPart),
    shippingAddress,
    delivery: z.enum(DELIVERY_METHODS),
    payment: z.enum(PAYMENT_METHOD_IDS),
    paymentDueBy: time.optional(),
    subtotalPaise: paise,
    deliveryChargePaise: paise,
    totalPaise: paise,
    placedAt: time,
  }),
  SellerOrderProcessing: undoableMove,
  SellerOrderShipped: undoableMove,
  SellerOrderDelivered: sellerOrderStamp.extend({ settlement }),
  SellerOrderCancelled: sellerOrderStamp.extend({ reason: text }),
  SellerOrderStatusReverted: sellerOrderStamp.extend({
    from: z.enum(['processing', 'shipped']),
    to: z.enum(['pending', 'processing']),
  }),
  ReturnRequested: returnStamp.extend({
    lines: z.array(z.object({ ...lineKeyFields, productId: text, quantity: count })),
    reason: text,
  }),
  ReturnAccepted: returnStamp.extend({ reason: text, settlement }),
  ReturnRejected: returnStamp.extend({ reason: text }),
  PaymentRequested: z.object({
    orderId: text,
    gatewayOrderId: text,
    amountPaise: paise,
    currency: z.literal('INR'),
    at: time,
  }),
  PaymentFailed: z.object({
    orderId: text,
    gatewayOrderId: text,
    paymentId: text,
    code: text,
    description: text,
    at: time,
  }),
  PaymentCaptured: z.object({
    orderId: text,
    gatewayOrderId: text,
    paymentId: text,
    method: text,
    amountPaise: paise,
    via: z.enum(['return', 'webhook', 'reconciliation']),
    late: z.boolean(),
    at: time,
  }),
  PaymentExpired: z.object({ orderId: text, at: time }),
  RefundRequested: z.object({
    orderId: text,
    refundId: text,
    sellerOrderId: text.nullable(),
    returnId: text.nullable(),
    amountPaise: paise,
    reason: z.enum(['cancelled', 'returned', 'late_payment', 'help']),
    at: time,
  }),
  RefundInitiated: refundStep,
  RefundProcessed: refundStep,
  RefundFailed: refundStep.extend({ gatewayRefundId: text.nullable(), description: text }),
  TransferCreated: z.object({
    orderId: text,
    sellerOrderId: text,
    sellerId: text,
    transferId: text,
    account: text,
    amountPaise: paise,
    at: time,
  }),
  TransferReleased: z.object({ orderId: text, sellerOrderId: text, transferId: text, at: time }),
  TransferReversed: z.object({
    orderId: text,
    sellerOrderId: text,
    transferId: text,
    reversalId: text,
    returnId: text,
    amountPaise: paise,
    at: time,
  }),
});
/**
 * The status moves of logs written before seller orders (one status per purchase): no longer
 * written, still read (through `upcast`, domain/order/upcast.ts) from such logs.
 */
const legacyStamp = z.object({ orderId: text, by: text, at: time });
const legacyOrder = sameAs<Exclude<LegacyOrderEvent, { type: 'OrderPlaced' }>>()({
  OrderProcessing: legacyStamp,
  OrderShipped: legacyStamp,
  OrderDelivered: legacyStamp,
  OrderCancelled: legacyStamp.extend({ reason: text }),
});

const question = z.discriminatedUnion('kind', [
  z.object({ id: text, question: text, kind: z.literal('text'), maxLength: count, required: z.boolean() }),
  z.object({ id: text, question: text, kind: z.literal('choice'), values: z.array(text), required: z.boolean() }),
]);
const variant = z.object({
  id: text,
  sku: text,
  optionValues: z.array(text),
  pricePaise: paise,
  originalPricePaise: paise.nullable(),
  imageUrls: z.array(text),
  madeToOrderDays: count.nullable().optional(),
});
const productDetails = z.object({
  name: text,
  description: text,
  pricePaise: paise,
  originalPricePaise: paise.nullable(),
  categoryId: text,
  imageUrl: text.nullable(),
  images: z.array(image),
  tags: z.array(text),
  tax: z.object({ hsn: text, gstRateBps: z.number() }),
  madeToOrderDays: count.nullable(),
  personalisation: z.array(question),
  options: z.array(z.object({ name: text, values: z.array(text) })),
  variants: z.array(variant),
});
const importMark = z.object({ importId: text, row: count }).optional();
const productStamp = z.object({ productId: text, by: text, at: time, imported: importMark });
const changedDetails = productDetails.partial();
const changedContent = productDetails
  .pick({
    name: true,
    description: true,
    categoryId: true,
    imageUrl: true,
    images: true,
    tags: true,
    options: true,
    variants: true,
  })
  .partial();
const translation = z.object({ name: text, description: text, tags: z.array(text) });
const stockMove = z.object({
  productId: text,
  variantId: text.optional(),
  orderId: text,
  quantity: count,
  remaining: count,
  at: time,
});
/** The product folder's events: the product's, its seller's SKU reservations and image uploads. */
const product = sameAs<ProductEvent | SkuReservationEvent | ImageUploadEvent>()({
  SkusReserved: z.object({ sellerId: text, productId: text, skus: z.array(text) }),
  ImageUploaded: z.object({ uploadId: text, by: text, url: text, sizes: z.array(imageSize), at: time }),
  // Listings written before galleries, tax data, made to order and variants lack those fields (upcast.ts).
  ProductListed: productDetails
    .partial({ images: true, tax: true, madeToOrderDays: true, personalisation: true, options: true, variants: true })
    .extend({
      productId: text,
      sellerId: text,
      stockQuantity: count,
      stockByVariant: z.record(text, count).optional(),
      listedAt: time,
      imported: importMark,
    }),
  ProductUpdated: productStamp.extend({ before: changedDetails, after: changedDetails, restores: time.optional() }),
  ProductResubmitted: productStamp,
  StockAdjusted: productStamp.extend({
    variantId: text.optional(),
    from: count,
    to: count,
    reason: z.literal('manual'),
  }),
  StockReserved: stockMove,
  StockReleased: stockMove.extend({ reason: z.enum(['order_cancelled', 'order_failed']) }),
  StockReturned: stockMove.omit({ orderId: true }).extend({ returnId: text }),
  ProductRevisionSubmitted: productStamp.extend({
    revisionId: text,
    before: changedContent,
    after: changedContent,
    replaces: text.nullable(),
  }),
  ProductRevisionApproved: productStamp.extend({ revisionId: text, before: changedContent, after: changedContent }),
  ProductRevisionRejected: productStamp.extend({ revisionId: text, reason: text }),
  ProductRevisionWithdrawn: productStamp.extend({ revisionId: text }),
  ProductTranslated: productStamp.extend({
    locale: z.enum(TRANSLATED_LOCALES),
    before: translation.nullable(),
    after: translation.nullable(),
  }),
  ProductVerified: productStamp,
  ProductRejected: productStamp.extend({ reason: text }),
  ProductFeatured: productStamp,
  ProductUnfeatured: productStamp,
  ProductDelisted: productStamp,
});

const staffAccess = sameAs<StaffAccessEvent>()({
  PersonalDataViewed: z.object({ by: text, surface: z.enum(STAFF_SURFACES), subject: text, reason: text, at: time }),
});

/** A tax document's figures (tax/split.ts): its taxable value and each tax, in paise. */
const taxSplit = { taxablePaise: paise, cgstPaise: paise, sgstPaise: paise, igstPaise: paise };
const numbered = { id: text, number: text, fy: text, seq: count };
const totals = z.object({ ...taxSplit, amountPaise: paise });
const placeOfSupply = z.object({ code: text.nullable(), name: text });
const taxDocument = z.object({
  orderId: text,
  sellerOrderId: text,
  sellerId: text,
  buyerId: text,
  date: text,
  issuedAt: text,
  supplier: z.object({
    legalName: text,
    tradeName: text.nullable(),
    gstin: text,
    address: text,
    stateCode: text,
    stateName: text,
  }),
  recipient: z.object({ name: text, address: text }),
  placeOfSupply,
  intraState: z.boolean(),
  lines: z.array(
    z.object({
      ...taxSplit,
      ...lineKeyFields,
      productId: text,
      description: text,
      hsn: text,
      quantity: count,
      unitPricePaise: paise,
      rateBps: count,
      amountPaise: paise,
    }),
  ),
  totals,
  ...numbered,
});
const operator = z.object({ legalName: text, gstin: text, address: text, stateCode: text, stateName: text });
const serviceLine = { ...taxSplit, description: text, sac: text, quantity: count, rateBps: count, amountPaise: paise };
const commissionDocument = z.object({
  orderId: text,
  sellerOrderId: text,
  sellerId: text,
  date: text,
  issuedAt: text,
  supplier: operator,
  recipient: operator.extend({ gstin: text.nullable() }),
  intraState: z.boolean(),
  lines: z.array(z.object({ ...serviceLine, productId: text })),
  totals,
  ...numbered,
});
const deliveryDocument = z.object({
  orderId: text,
  buyerId: text,
  date: text,
  issuedAt: text,
  supplier: operator,
  recipient: z.object({ name: text, address: text }),
  placeOfSupply,
  intraState: z.boolean(),
  lines: z.array(z.object(serviceLine)),
  totals,
  ...numbered,
});
const credit = { invoiceId: text, invoiceNumber: text, causeId: text };
/** The invoice folder's series: a seller's documents, MIBI's commission and its delivery documents. */
const invoice = sameAs<SeriesEvent | CommissionSeriesEvent | DeliverySeriesEvent>()({
  InvoiceIssued: taxDocument.extend({ kind: z.literal('invoice'), shipmentId: text }),
  CreditNoteIssued: taxDocument.extend({
    kind: z.literal('credit_note'),
    ...credit,
    reason: z.enum(['shipment_undone', 'returned', 'refunded']),
  }),
  CommissionInvoiceIssued: commissionDocument.extend({ kind: z.literal('commission_invoice'), deliveryId: text }),
  CommissionCreditNoteIssued: commissionDocument.extend({
    kind: z.literal('commission_credit_note'),
    ...credit,
    reason: z.literal('refunded').optional(),
  }),
  DeliveryInvoiceIssued: deliveryDocument.extend({ kind: z.literal('delivery_invoice'), shipmentId: text }),
  DeliveryCreditNoteIssued: deliveryDocument.extend({ kind: z.literal('delivery_credit_note'), ...credit }),
});

/** A dated entry of the tax policy or the zone table (tax/rates.ts), recorded by an admin. */
const rateStamp = z.object({ effectiveFrom: text, source: text, by: text, at: time });
const tax = sameAs<TaxPolicyEvent>()({
  GstRateSet: rateStamp.extend({ slabsBps: z.array(count) }),
  TcsRateSet: rateStamp.extend({ rateBps: count }),
  CategoryTaxDefaultSet: rateStamp.extend({ categoryId: text, hsn: text, gstRateBps: count }),
  ServiceRateSet: rateStamp.extend({ service: z.enum(SERVICES), sac: text, rateBps: count }),
});

const currency = sameAs<ReferenceRateEvent>()({
  ReferenceRateSet: z.object({
    currency: z.enum(FOREIGN_CURRENCIES),
    rupeesPerUnit: text,
    effectiveFrom: time,
    source: text,
    by: text,
    at: time,
  }),
});

const transit = z.object({ minDays: count, maxDays: count });
const delivery = sameAs<ZoneTableEvent>()({
  ZoneTransitSet: rateStamp.extend({
    zone: z.enum(ZONES),
    transit: z.record(z.enum(DELIVERY_METHODS), transit),
  }),
});

const importStamp = z.object({ importId: text, sellerId: text });
const catalogImport = sameAs<CatalogImportEvent>()({
  CatalogImportRowsReceived: importStamp.extend({
    first: count,
    rows: z.array(z.record(z.enum(CATALOG_COLUMNS), text)),
  }),
  CatalogImportChecked: importStamp.extend({ fileName: text, rows: count, at: time }),
  CatalogImportConfirmed: importStamp.extend({ by: text, at: time }),
  CatalogImportRowsApplied: importStamp.extend({
    results: z.array(
      z.object({
        row: count,
        outcome: z.enum(ROW_OUTCOMES),
        productId: text.nullable(),
        name: text,
        message: text.nullable(),
      }),
    ),
    at: time,
  }),
  CatalogImportFinished: importStamp.extend({
    counts: z.record(z.enum(ROW_OUTCOMES), count),
    at: time,
  }),
});

/** Proof of origin (domain/provenance): each record's events carry their link in the hash chain. */
const chain = z.object({ chain: z.object({ previousHash: text.nullable(), hash: text }) });
const makerStamp = z.object({ makerId: text, sellerId: text, at: time }).extend(chain.shape);
const makerFields = z.object({
  kind: z.enum(MAKER_KINDS),
  name: text,
  craft: text,
  cluster: z.object({ place: text, district: text, state: text, pin: text }),
  artisanId: z.object({ kind: z.enum(ARTISAN_ID_KINDS), number: text }).nullable(),
  photo: text.nullable(),
  story: text,
});
const certificateStamp = z.object({ certificateId: text, sellerId: text, at: time }).extend(chain.shape);
const certificateDecision = certificateStamp.extend({ by: text, reason: text });
const evidenceFile = z.object({
  evidenceId: text,
  name: text,
  contentType: z.enum(EVIDENCE_TYPES),
  size: count,
});
const provenance = sameAs<ProvenanceEvent | EvidenceEvent>()({
  MakerAdded: makerStamp.extend(makerFields.shape),
  MakerChanged: makerStamp.extend(makerFields.shape),
  MakerRemoved: makerStamp,
  ProductOriginStated: z
    .object({
      productId: text,
      sellerId: text,
      makerIds: z.array(text),
      method: z.enum(MAKING_METHODS),
      productionPartner: text.nullable(),
      at: time,
    })
    .extend(chain.shape),
  CertificateSubmitted: certificateStamp.extend({
    kind: z.enum(CERTIFICATE_KINDS),
    title: text,
    number: text,
    issuer: text,
    validFrom: text,
    validUntil: text,
    scope: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('seller') }),
      z.object({ kind: z.literal('product'), productId: text }),
      z.object({ kind: z.literal('lot'), productId: text, lot: text }),
    ]),
    evidence: z.array(evidenceFile),
  }),
  CertificateVerified: certificateStamp.extend({ by: text, byName: text }),
  CertificateRejected: certificateDecision,
  CertificateRevoked: certificateDecision,
  CertificateExpired: certificateStamp,
  CertificateExpiryNoticed: certificateStamp.extend({
    daysBefore: z.union([z.literal(30), z.literal(7)]),
    validUntil: text,
  }),
  EvidenceUploaded: evidenceFile.extend({ sellerId: text, sha256: text, blobKey: text, at: time }),
});

/** Every catalogued event type's data schema, by aggregate (the folder in domain/ its events live in). */
/**
 * The demo seed's own stream (api/bootstrap/demo.ts): its start, each step not safe to repeat
 * with what it made, its end. Written only by `npm start`'s seed, with no domain type to match.
 */
const demo = {
  DemoSeedStarted: z.object({}),
  DemoSeedStepDone: z.object({ step: text, result: z.json() }),
  DemoSeedFinished: z.object({ products: z.number() }),
};

export const EVENT_SCHEMAS: Record<string, DataSchemas> = {
  account,
  'address-book': addressBook,
  cart,
  catalog: category,
  'catalog-import': catalogImport,
  conversation,
  currency,
  delivery,
  demo,
  dispute,
  'gateway-event': gatewayEvent,
  invoice,
  notification,
  order: { ...order, ...legacyOrder },
  payout,
  'payout-account': payoutAccount,
  product,
  provenance,
  review,
  seller,
  shipment,
  'staff-access': staffAccess,
  tax,
  wishlist,
};
