/**
 * What analysts see of the log and the read models: no personal data. Two rules, applied to
 * every event and document handed to an analyst surface (SQL, exports, the stream browser):
 *
 * - Fields by name (FIELDS, the one list to extend): personal ones (names of people, e-mails,
 *   phones, street lines, message and notification texts, free-text reasons and notes, bank and
 *   tax numbers, password and token hashes) are left out; the rest are kept. A name not in the
 *   list is left out too (fail closed), and privacy.test.ts fails on any name of a catalogued
 *   event schema or of a seeded read model that is not classified.
 * - Ids: every UUID and every long hex string (an e-mail's hash in a stream name, a token's) in
 *   any kept string, document id, stream name or map key becomes a keyed pseudonym, `p_` and 16
 *   hex digits of its HMAC-SHA256. Ids are compounded everywhere (`review-<product>-<user>`,
 *   `<productId>:<userId>`, a seller's notification `<sellerId>-<orderId>`), so one rule for
 *   every id keeps joins intact and leaks no user id; sellers are users too, so shop ids are
 *   pseudonyms as well (their shop names stay: they are public on every product page).
 *   System actors (`system`, `reactor:…`) stay as they are.
 *
 * Places: city, state and PIN stay (useful, and identifying no one alone); street lines and
 * names go. The same key gives the same pseudonyms in every query and export; without it they
 * cannot be reversed.
 */
import { hash } from 'node:crypto';
import { join } from 'node:path';
import { ROW_OUTCOMES } from '../domain/catalog-import/import.ts';
import { HELP_REASONS } from '../domain/dispute/events.ts';
import { SERVICES } from '../domain/tax/policy.ts';
import type { Config } from '../platform/config/config.ts';
import { generatedKey } from '../platform/config/generated-key.ts';
import type { RecordedEvent } from '../platform/eventstore/port.ts';
import type { Doc } from '../platform/readstore/port.ts';

export interface Pseudonymizer {
  /** Stable keyed pseudonym of a user id (HMAC-SHA256 with the key, e.g. "p_3f9a1c2e0b7d4a61"); null stays null. */
  user(id: string | null): string | null;
  /** The event as an analyst may see it: personal fields of data left out, ids pseudonymized, metadata.actor too. */
  event<T>(event: RecordedEvent<T>): RecordedEvent<unknown>;
  /** A read model document as an analyst may see it (same rules). */
  document(collection: string, doc: Doc): Doc;
}

/**
 * - `personal`: left out.
 * - `kept`: kept (objects and arrays walked, ids pseudonymized).
 * - `line`: a street line when a string (left out), a postal address when an object (walked).
 * - `map`: an object whose keys are data (product, variant or category ids): keys pseudonymized, values walked.
 * - a list of codes: kept when one of them (or null), left out otherwise (the same name holds free text elsewhere).
 */
export type FieldRule = 'personal' | 'kept' | 'line' | 'map' | readonly string[];

const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
const REFUND_REASONS = ['cancelled', 'returned', 'late_payment', 'help'] as const;

const personal = (names: string[]) => Object.fromEntries(names.map((name) => [name, 'personal' as const]));
const kept = (names: string[]) => Object.fromEntries(names.map((name) => [name, 'kept' as const]));

/** Every field name events and read models hold, wherever it appears, with what analysts see of it. */
export const FIELDS: Readonly<Record<string, FieldRule>> = {
  ...personal([
    // People: names, contact, money and tax identities.
    'fullName',
    'firstName',
    'lastName',
    'buyerName',
    'authorName',
    'beneficiaryName',
    'legalName',
    'byName',
    'email',
    'emailNormalized',
    'phone',
    'recipient',
    'pan',
    'gstin',
    'enrolmentNumber',
    'accountLast4',
    'ifsc',
    'linkedAccountId',
    // A transfer's linked account at the gateway: the seller's bank-linked identity, like linkedAccountId.
    'account',
    // Free text people wrote or that quotes them (notices name buyers and quote their reasons).
    'text',
    'comment',
    'answer',
    'body',
    'title',
    'message',
    'notes',
    'cancelReason',
    'decisionReason',
    'rejectionReason',
    'fileName',
    // A catalog import's CSV rows as the seller typed them, before any check (its count is in its counts).
    'rows',
    'input',
    'location',
    'data',
    // What a staff member was shown (a query, a stream's name may hold a person's name or address).
    'subject',
    // Secrets: never anywhere.
    'passwordHash',
    'tokenHash',
    'codeHash',
    'secret',
    // What a demo seed step made (accounts among it).
    'result',
    'recoveryCodeHashes',
    // Proof of origin: an artisan's ID card, free text a seller typed, and hashes over personal
    // data (a hash would confirm a guessed artisan ID or file; analysts need none of them).
    'artisanId',
    'productionPartner',
    'issuer',
    'lot',
    'chain',
    'hash',
    'previousHash',
    'sha256',
    'blobKey',
    'masked',
    'decidedByName',
    // A product's makers as it shows them: their names.
    'madeBy',
  ]),
  address: 'line',
  reason: [...HELP_REASONS, ...REFUND_REASONS],
  service: SERVICES,
  to: ORDER_STATUSES,
  ...Object.fromEntries(['categories', 'variants', 'stockByVariant', 'transit'].map((name) => [name, 'map' as const])),
  ...kept([
    // The demo seed's steps and its count of products.
    'step',
    'products',
    // Ids, positions and stamps.
    'id',
    'userId',
    'buyerId',
    'sellerId',
    'sellerIds',
    'productId',
    'productIds',
    'variantId',
    'orderId',
    'sellerOrderId',
    'returnId',
    'refundId',
    'paymentId',
    'gatewayOrderId',
    'gatewayRefundId',
    'transferId',
    'reversalId',
    'payoutId',
    'helpId',
    'messageId',
    'notificationId',
    'recipientId',
    'categoryId',
    'addressId',
    'questionId',
    'importId',
    'makerId',
    'makerIds',
    'certificateId',
    'certificateIds',
    'evidenceId',
    'decidedBy',
    'photo',
    'revisionId',
    'replaces',
    'imported',
    'uploadId',
    'invoiceId',
    'invoiceNumber',
    'number',
    'deliveryId',
    'shipmentId',
    'eventId',
    'courierEventId',
    'courierEventIds',
    'causeId',
    'key',
    'lineKey',
    'shortId',
    'by',
    'submittedBy',
    'actor',
    'position',
    'firstPosition',
    'lastPosition',
    'revision',
    'version',
    'seq',
    'row',
    'first',
    'through',
    'at',
    'createdAt',
    'updatedAt',
    'placedAt',
    'registeredAt',
    'requestedAt',
    'expiresAt',
    'expiredAt',
    'changedAt',
    'completedAt',
    'verifiedAt',
    'enrolledAt',
    'disabledAt',
    'usedAt',
    'replacedAt',
    'deliveredAt',
    'decidedAt',
    'escalatedAt',
    'confirmedAt',
    'correctedAt',
    'checkedAt',
    'finishedAt',
    'happenedAt',
    'issuedAt',
    'releasedAt',
    'submittedAt',
    'listedAt',
    'lastSoldAt',
    'lastEventAt',
    'lastMessageAt',
    'joinedAt',
    'savedAt',
    'addedAt',
    'answerBy',
    'dueBy',
    'shipBy',
    'paymentDueBy',
    'undoUntil',
    'restores',
    'paidOn',
    'effectiveFrom',
    'validFrom',
    'validUntil',
    'statedAt',
    'noticed',
    'removed',
    'daysBefore',
    'invoiceDate',
    'date',
    'day',
    'days',
    'month',
    'fy',
    'today',
    // Money and counts.
    'amountPaise',
    'rupeesPerUnit',
    'pricePaise',
    'originalPricePaise',
    'maxPricePaise',
    'unitPricePaise',
    'subtotalPaise',
    'totalPaise',
    'deliveryChargePaise',
    'chargePaise',
    'commissionPaise',
    'earningPaise',
    'earnedPaise',
    'salesPaise',
    'balancePaise',
    'balanceAfterPaise',
    'heldPaise',
    'paidPaise',
    'netPaise',
    'grossPaise',
    'taxablePaise',
    'cgstPaise',
    'sgstPaise',
    'igstPaise',
    'tcsPaise',
    'refundPaise',
    'refundedPaise',
    'returnsPaise',
    'reversedPaise',
    'creditedPaise',
    'invoicedPaise',
    'transferredPaise',
    'inventoryValuePaise',
    'revenuePaise',
    'commissionBps',
    'defaultCommissionBps',
    'effectiveCommissionBps',
    'rateBps',
    'gstRateBps',
    'gstSlabsBps',
    'slabsBps',
    'tcsRateBps',
    'tcsRate',
    'percentOff',
    'quantity',
    'stockQuantity',
    'units',
    'unitsSold',
    'orders',
    'events',
    'count',
    'counts',
    // A catalog import's counts by row outcome, and its rows' outcomes (messages and names as above).
    ...ROW_OUTCOMES,
    'results',
    'minDays',
    'maxDays',
    'total',
    'totals',
    'remaining',
    'available',
    'rating',
    'ratingCount',
    'ratingSum',
    'average',
    'productCount',
    'messageCount',
    'buyerUnread',
    'sellerUnread',
    'unread',
    'failedAttempts',
    'burst',
    'failures',
    'waitMs',
    'undoWindowMs',
    'returnWindowDays',
    'windowDays',
    'madeToOrderDays',
    'taxProfileVersion',
    'currency',
    // What things are: states, kinds, public catalogue and shop content.
    'type',
    'kind',
    'role',
    'roles',
    'status',
    'displayStatus',
    'paymentStatus',
    'transferState',
    'verification',
    'outcome',
    'resolution',
    'decision',
    'update',
    'source',
    'party',
    'from',
    'as',
    'topic',
    'muted',
    'category',
    'name',
    'label',
    'variantLabel',
    'description',
    'tags',
    // A product's name, description and tags in another language: catalogue content as the English ones.
    'translations',
    // A language chosen (an account's, a translation's): a code.
    'locale',
    'sku',
    'skus',
    'hsn',
    'sac',
    'tax',
    'question',
    'required',
    'maxLength',
    'personalisation',
    'options',
    'optionValues',
    'values',
    'default',
    'images',
    'imageUrl',
    'imageUrls',
    'url',
    'sizes',
    'width',
    'sellerName',
    'displayName',
    'tradeName',
    // A document's supplier: a seller (legalName and gstin above are left out) or MIBI.
    'supplier',
    'region',
    'craft',
    'story',
    'cluster',
    'place',
    'district',
    'pin',
    'city',
    'state',
    'stateCode',
    'stateName',
    'pincode',
    'placeOfSupply',
    'intraState',
    'zone',
    'shippingAddress',
    'delivery',
    'promise',
    'estimate',
    'payment',
    'method',
    'via',
    'late',
    'code',
    'paymentFailure',
    'event',
    'reference',
    'registered',
    'returnable',
    'featured',
    'delisted',
    'visible',
    'verified',
    'suspended',
    'isSeller',
    'sellerVerified',
    'sellerSuspended',
    'emailVerified',
    'hasPendingRevision',
    'pendingRevision',
    'rejectedRevision',
    'read',
    'held',
    'undo',
    'profile',
    'taxProfile',
    'history',
    'steps',
    'lines',
    'sellerOrders',
    'settlement',
    'returns',
    'openReturns',
    'refunds',
    'refund',
    'shipment',
    'tracking',
    'carrier',
    'carrierName',
    'awb',
    'trackingUrl',
    'messages',
    'items',
    'before',
    'after',
    'surface',
    'stream',
    'streams',
    'time',
    'causationId',
    'links',
    'scope',
    'evidence',
    'contentType',
    'size',
    // A product's provenance (its makers left out by `madeBy`) and its badges: what they certify, in our words.
    'provenance',
    'badges',
    'certifies',
    'inForce',
  ]),
};

/**
 * Names personal only where they appear, by event type or read-model collection (top-level
 * fields of its data): a maker's name and story are a person's, while a product's or a shop's
 * are public catalogue content.
 */
export const PERSONAL_IN: Readonly<Record<string, readonly string[]>> = {
  MakerAdded: ['name', 'story'],
  MakerChanged: ['name', 'story'],
  makers: ['name', 'story'],
  catalog_makers: ['name'],
};

/** A UUID, or a long hex string (a hash): whatever its place, it becomes a pseudonym. */
const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32,}/gi;
/** Actors that are no one: the system and its reactors. */
const SYSTEM_ACTOR = /^(system|reactor:[a-z-]+)$/;
const HAS_ID = new RegExp(ID.source, 'i');
/** Most strings holding an id are that id alone: replaced whole, without a search. */
const JUST_A_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Pseudonyms remembered per pseudonymizer, in two generations of this many: ids recur (users,
 * orders, correlations), and the HMAC is the cost of a load. Those used in the older generation
 * are carried into the newer, so the ids in use stay whatever the length of the log.
 */
const REMEMBERED = 50_000;
/** No id is shorter: a UUID is 36 characters, a hash at least 32. */
const SHORTEST_ID = 32;

export function pseudonymizer(key: string): Pseudonymizer {
  const hmac = hmacOf(key);
  let recent = new Map<string, string>();
  let older = new Map<string, string>();
  const pseudonym = (id: string) => {
    let known = recent.get(id);
    if (known !== undefined) return known;
    known = older.get(id) ?? `p_${hmac(id.toLowerCase()).slice(0, 16)}`;
    if (recent.size >= REMEMBERED) {
      older = recent;
      recent = new Map();
    }
    recent.set(id, known);
    return known;
  };
  const ids = (text: string) => {
    if (text.length < SHORTEST_ID) return text;
    if (text.length === 36 && JUST_A_UUID.test(text)) return pseudonym(text);
    return HAS_ID.test(text) ? text.replace(ID, pseudonym) : text;
  };
  const user = (id: string | null) =>
    id === null || SYSTEM_ACTOR.test(id) ? id : HAS_ID.test(id) ? ids(id) : pseudonym(id);

  const clean = (value: unknown, personalHere: readonly string[] = []): unknown => {
    if (typeof value === 'string') return ids(value);
    if (Array.isArray(value)) return value.map((item) => clean(item));
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(value)) {
      const rule = personalHere.includes(name) ? 'personal' : FIELDS[name];
      if (rule === undefined || rule === 'personal') continue;
      if (typeof rule !== 'string') {
        if (field === null || rule.includes(field as string)) out[name] = field;
      } else if (rule === 'line') {
        if (field !== null && typeof field === 'object') out[name] = clean(field);
      } else if (rule === 'map' && isRecord(field)) {
        out[name] = Object.fromEntries(Object.entries(field).map(([k, v]) => [ids(k), clean(v)]));
      } else out[name] = clean(field);
    }
    return out;
  };

  return {
    user,
    event: (event) => ({
      id: ids(event.id),
      type: event.type,
      stream: ids(event.stream),
      revision: event.revision,
      position: event.position,
      data: clean(event.data, PERSONAL_IN[event.type]),
      metadata: {
        actor: user(event.metadata.actor),
        correlationId: ids(event.metadata.correlationId),
        causationId: event.metadata.causationId === null ? null : ids(event.metadata.causationId),
        time: event.metadata.time,
      },
    }),
    document: (collection, doc) => ({ ...(clean(doc, PERSONAL_IN[collection]) as Doc), id: ids(doc.id) }),
  };
}

/**
 * HMAC-SHA256 of `key` (RFC 2104) in hex, with the key's padded hashes made once: the same digest
 * as createHmac('sha256', key), at about half its cost per call (no key schedule each time).
 */
function hmacOf(key: string): (message: string) => string {
  let block = Buffer.from(key);
  if (block.length > 64) block = hash('sha256', block, 'buffer');
  const padded = Buffer.alloc(64);
  block.copy(padded);
  const inner = padded.map((byte) => byte ^ 0x36);
  const outer = padded.map((byte) => byte ^ 0x5c);
  // HMAC-SHA256 by its definition (RFC 2104), with one-shot hashes: creating a Hash (or an Hmac)
  // per id cost more than hashing it.
  return (message) =>
    hash(
      'sha256',
      Buffer.concat([outer, hash('sha256', Buffer.concat([inner, Buffer.from(message)]), 'buffer')]),
      'hex',
    );
}

/** The events and documents as they are: for an admin's explicit request, which the caller records. */
export const revealing: Pseudonymizer = {
  user: (id) => id,
  event: (event) => event,
  document: (_collection, doc) => doc,
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The key's file in DATA_DIR when ANALYST_PSEUDONYM_KEY is unset. */
export const ANALYST_KEY_FILE = 'analyst.key';

/** ANALYST_PSEUDONYM_KEY, else the key generated into DATA_DIR/analyst.key (as hex). */
export function analystKey(config: Pick<Config, 'ANALYST_PSEUDONYM_KEY' | 'DATA_DIR'>): string {
  return (
    config.ANALYST_PSEUDONYM_KEY?.toLowerCase() ?? generatedKey(join(config.DATA_DIR, ANALYST_KEY_FILE)).toString('hex')
  );
}
