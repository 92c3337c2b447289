import type { Role } from '../../domain/actor.ts';
import type { DocChange } from '../../platform/readstore/port.ts';
import { ADMINS, type AnyLiveSlice, eventsOf, type LivePayloads, type LiveRole } from '../../projections/live.ts';
import { ledgerLive } from '../../projections/ledger/live.ts';
import { ordersLive, sellerOrdersLive } from '../../projections/orders/live.ts';
import { catalogLive } from '../../projections/catalog/live.ts';
import { storefrontsLive } from '../../projections/storefronts/live.ts';
import { notificationsLive } from '../../projections/notifications/live.ts';
import { buyerNotificationsLive } from '../../projections/buyer-notifications/live.ts';
import { catalogImportsLive } from '../../projections/catalog-imports/live.ts';
import { threadsLive } from '../../projections/threads/live.ts';
import { helpRequestsLive } from '../../projections/help-requests/live.ts';
import { referenceRatesLive } from '../../projections/reference-rates/live.ts';

/** Every read model's part of the live feed (projections/live.ts says how a slice adds one). */
const SLICES = [
  catalogLive,
  storefrontsLive,
  ordersLive,
  sellerOrdersLive,
  notificationsLive,
  ledgerLive,
  buyerNotificationsLive,
  catalogImportsLive,
  threadsLive,
  helpRequestsLive,
  referenceRatesLive,
] as const;

const EVENTS = eventsOf(SLICES);

export type LiveEvent = keyof typeof EVENTS;

/** The data of each event, as the SPA parses it (through api/app.ts and its typed client). */
export type LiveEventData = LivePayloads<typeof EVENTS>;

/** One server-sent message. */
export interface LiveMessage {
  event: LiveEvent;
  /** JSON, made once for every connection. */
  data: string;
  /** The only user who may receive it, ADMINS for every admin; null for everyone. */
  audience: string | null;
}

/**
 * The role the audience of a private message must hold to receive it, as the routes ask for
 * the same documents: a purchase goes to its buyer, the rest to their seller, the admins' to
 * the admins. A user who lost the role (revoked by an admin) is no longer sent them.
 */
const roleOf = (event: LiveEvent): LiveRole | null => EVENTS[event].role;

const AUDIENCE: Record<LiveRole | 'null', string> = {
  null: 'to everyone',
  buyer: 'to its buyer',
  seller: 'to its seller',
  admin: 'to every admin',
};

/** The API description's list of the events: one line each, from the slices' own definitions. */
export const describeEvents = (): string =>
  Object.entries(EVENTS)
    .map(([name, { role, data }]) => `- \`${name}\` (${data}): ${AUDIENCE[role ?? 'null']};`)
    .join('\n');

/** Whether a user holding `roles` may receive `m`: public messages, or their own and the admins' of a role they hold. */
const mayReceive = (m: LiveMessage, userId: string, roles: readonly Role[]): boolean => {
  if (m.audience === null) return true;
  if (m.audience !== userId && m.audience !== ADMINS) return false;
  const role = roleOf(m.event);
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
 * every connection: the connections of one user, those of every admin without a message of
 * their own, and those of everyone else, each share one buffer. Within a log position the id
 * goes on the last message a client gets, so a client cut off within a position resumes before it.
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
      const role = roleOf(m.event);
      if (m.audience !== null && m.audience !== ADMINS && role !== null)
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
   * Given the user's `roles`, private messages of a role they do not hold are left out, and an
   * admin gets the admins' messages. The bytes are made for this connection alone only for a
   * user who lost a role, or an admin with messages of their own beside the admins'.
   */
  for(userId: string | null, roles?: readonly Role[]): Buffer | undefined {
    if (userId === null) return this.bytes.get(null);
    // On the hot path (every connection, every batch): a lookup, and nothing allocated.
    const needs = roles && this.needs.get(userId);
    if (needs) for (const role of needs) if (!roles.includes(role)) return this.#only(userId, roles);
    if (roles?.includes('admin') && this.bytes.has(ADMINS))
      return this.bytes.has(userId) ? this.#only(userId, roles) : this.bytes.get(ADMINS);
    return this.bytes.get(userId) || this.bytes.get(null);
  }

  /** The bytes of what `userId` holding `roles` may receive (`mayReceive`), made for this one call. */
  #only(userId: string, roles: readonly Role[]): Buffer | undefined {
    const parts = this.parts.flatMap(({ position, messages }) => {
      const allowed = messages
        .filter((m) => mayReceive(m, userId, roles))
        .map((m) => (m.audience === ADMINS ? { ...m, audience: userId } : m));
      return allowed.length === 0 ? [] : (Wire.of(position, allowed).for(userId) ?? []);
    });
    return parts.length === 0 ? undefined : Buffer.concat(parts);
  }
}

/**
 * Turns read-model changes into messages, each slice those of its collection: products and
 * storefronts for everyone; an order or a wishlist alert for its buyer only; a seller order, a
 * notification, the ledger balance and each product whole (on sale or not) for their seller only;
 * the ids of products, purchases and balances that changed for the admins.
 */
export class LiveMessages {
  static readonly #slices: ReadonlyMap<string, AnyLiveSlice> = new Map(
    SLICES.map((slice) => [slice.collection, slice]),
  );
  /** What each slice remembers across changes; the feed starts knowing the products on sale. */
  readonly #remembered: Map<AnyLiveSlice, Set<string>>;

  constructor(visible: Set<string>) {
    this.#remembered = new Map(SLICES.map((slice) => [slice, slice === catalogLive ? visible : new Set<string>()]));
  }

  /** Whether changes of `collection` make messages; those of the others are never needed. */
  static translates(collection: string): boolean {
    return LiveMessages.#slices.has(collection);
  }

  of(changes: readonly DocChange[]): LiveMessage[] {
    return changes.flatMap(({ collection, id, doc }) => {
      const slice = LiveMessages.#slices.get(collection);
      if (!slice) return [];
      return slice
        .messages({ id, doc }, this.#remembered.get(slice)!)
        .map(({ event, data, audience }) => ({ event: event as LiveEvent, data: JSON.stringify(data), audience }));
    });
  }
}
