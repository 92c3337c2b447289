/**
 * Live events, defined by the read models that cause them: each slice names its events (who may
 * receive each, and by type its payload) and maps the changes of its collection to messages, in
 * one place. api/live/messages.ts composes the slices and makes the SSE bytes; the SPA takes the
 * names and payloads through the typed client (api/app.ts re-exports them as `LiveEventData`).
 *
 * A slice adds an event by naming it in its `events` and sending it from `messages`:
 *
 *   export const reviewsLive = liveSlice({
 *     collection: REVIEWS,
 *     events: {
 *       // To everyone (null), or to a message's audience while they hold a role ('buyer', 'seller');
 *       // an 'admin' event goes to the audience ADMINS: every admin.
 *       'review.changed': liveEvent<PublicReview>(null, 'the public review'),
 *     },
 *     // A change carries the document after it (null: deleted); return what to send, or [].
 *     messages: ({ doc }: LiveChange<ReviewDoc>) =>
 *       doc ? [{ event: 'review.changed', data: publicReview(doc), audience: null }] : [],
 *   });
 *
 * and lists the slice in api/live/messages.ts (`SLICES`); a wrong name or payload is a type error.
 */
import type { Role } from '../domain/actor.ts';
import type { Doc } from '../platform/readstore/port.ts';

/**
 * The audience of a message for every admin (never a user id: ids are UUIDs). Its events carry
 * ids and flags only, never a person's data: the admins' screens fetch what they show.
 */
export const ADMINS = '@admins';

/** The roles sent private messages: an analyst reads the log and the read models, never a live document. */
export type LiveRole = Exclude<Role, 'analyst'>;

/** One live event: who may receive it, and (by type only) what its data holds. */
export interface LiveEvent<Payload> {
  /** The role a private message's audience must hold (as the routes ask for the same documents); null: public. */
  readonly role: LiveRole | null;
  /** What its data is, for the API's description (`{ id }`, the public product). */
  readonly data: string;
  /** Never set: carries the payload's type to the composition and the SPA. */
  readonly payload?: Payload;
}

export const liveEvent = <Payload>(role: LiveRole | null, data: string): LiveEvent<Payload> => ({ role, data });

/** Events by name. */
export type LiveEvents = Record<string, LiveEvent<unknown>>;

type PayloadOf<V> = V extends LiveEvent<infer P> ? P : never;

/** Each event's data, by name, as a client parses it. */
export type LivePayloads<E extends LiveEvents> = { [N in keyof E]: PayloadOf<E[N]> };

/** A message of one of `E`'s events, to `audience` only (a user id, or ADMINS), or to everyone (null). */
export type LiveMessageOf<E extends LiveEvents> = {
  [N in keyof E & string]: { event: N; data: PayloadOf<E[N]>; audience: string | null };
}[keyof E & string];

/** One change of a document: the document after it, or null when deleted. */
export interface LiveChange<D extends Doc> {
  id: string;
  doc: D | null;
}

/** What a read model contributes to the live feed. */
export interface LiveSlice<E extends LiveEvents, D extends Doc> {
  /** The collection whose changes it maps. */
  readonly collection: string;
  readonly events: E;
  /**
   * The messages of one change, in the order they are sent. A change carries only the document
   * after it: `remembered` holds ids the slice keeps across the changes of one feed (the catalog:
   * the products on sale, to tell an addition from a change).
   */
  messages(change: LiveChange<D>, remembered: Set<string>): readonly LiveMessageOf<E>[];
}

/** A slice as the composition holds it, whatever its events. */
export interface AnyLiveSlice {
  readonly collection: string;
  readonly events: LiveEvents;
  messages(
    change: LiveChange<Doc>,
    remembered: Set<string>,
  ): readonly { event: string; data: unknown; audience: string | null }[];
}

/** Defines a slice, checking each message's name and data against its events. */
export const liveSlice = <E extends LiveEvents, D extends Doc>(slice: LiveSlice<E, D>): LiveSlice<E, D> => slice;

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** The events of every slice of `S`, by name. */
export type EventsOf<S extends readonly AnyLiveSlice[]> = Intersection<S[number]['events']>;

/** The events of every slice, by name; a name two slices define is an error at start. */
export function eventsOf<const S extends readonly AnyLiveSlice[]>(slices: S): EventsOf<S> {
  const events: LiveEvents = {};
  for (const slice of slices) {
    for (const [name, event] of Object.entries(slice.events)) {
      if (name in events) throw new Error(`The live event ${name} is defined twice`);
      events[name] = event;
    }
  }
  return events as EventsOf<S>;
}
