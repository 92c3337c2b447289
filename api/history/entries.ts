/** A product's history for its seller: every event of the product and of its reviews, in log order, in plain words. */
import type { Actor } from '../../domain/actor.ts';
import {
  type EventDescription,
  type HistoryNames,
  actedBy,
  describeProductEvents,
  describeReviewEvent,
  occurredAt,
} from '../../domain/product/history.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { categoriesByName } from '../../projections/categories/queries.ts';
import { fullNames } from '../../projections/users/queries.ts';
import {
  type HistorySource,
  type RecordedProductEvent,
  reviewEventsOf,
  sellerProductEvents,
} from './product-events.ts';

export interface HistoryEntry extends EventDescription {
  /** Log position: entries of the product's and its reviews' streams interleave by it. */
  position: number;
  /** Revision in the event's own stream (the product's, or a review's). */
  revision: number;
  at: string;
  type: string;
  actor: { id: string | null; name: string };
}

/** The id the marketplace's own commands (automatic verification, seeding) are recorded under. */
const SYSTEM_ACTOR_ID = 'system';
const SYSTEM_NAME = 'MIBI';
const UNKNOWN_USER = 'Unknown user';

/** Category names from the categories read model; an unknown id is shown as it is. */
export async function categoryNames(read: ReadStore): Promise<HistoryNames> {
  const categories = await categoriesByName(read);
  const names = new Map(categories.map((category) => [category.id, category.name]));
  return { category: (categoryId) => names.get(categoryId) ?? categoryId };
}

/** Full names of the users who acted, in one read; the system and anonymous commands are MIBI's. */
async function actorNames(read: ReadStore, ids: ReadonlyArray<string | null>) {
  const userIds = [...new Set(ids)].filter((id): id is string => id !== null && id !== SYSTEM_ACTOR_ID);
  const names = await fullNames(read, userIds);
  return (id: string | null) => (id === null || id === SYSTEM_ACTOR_ID ? SYSTEM_NAME : (names.get(id) ?? UNKNOWN_USER));
}

interface Described {
  event: RecordedEvent;
  at: string;
  actorId: string | null;
  description: EventDescription;
}

export async function productHistory(
  source: HistorySource,
  productId: string,
  productEvents: readonly RecordedProductEvent[],
): Promise<HistoryEntry[]> {
  const [names, reviews] = await Promise.all([categoryNames(source.platform.read), reviewEventsOf(source, productId)]);
  const described: Described[] = [
    ...describeProductEvents(productEvents, names).map(({ event, description }) => ({
      event,
      at: occurredAt(event),
      // Reservations name no one in their data; the metadata holds the buyer who ordered.
      actorId: actedBy(event) ?? event.metadata.actor,
      description,
    })),
    ...reviews.flatMap(({ authorName, events }) =>
      events.map((event) => ({
        event,
        at: occurredAt(event),
        actorId: actedBy(event),
        description: describeReviewEvent(event, authorName),
      })),
    ),
  ];
  const nameOf = await actorNames(
    source.platform.read,
    described.map((d) => d.actorId),
  );
  return described
    .sort((a, b) => a.event.position - b.event.position)
    .map(({ event, at, actorId, description }) => ({
      position: event.position,
      revision: event.revision,
      at,
      type: event.type,
      actor: { id: actorId, name: nameOf(actorId) },
      ...description,
    }));
}

export interface ProductHistory {
  id: string;
  /** Oldest first. */
  items: HistoryEntry[];
}

/** The whole history of a product, for its seller or an admin (a 404 for anyone else). */
export async function sellerProductHistory(
  source: HistorySource,
  viewer: Actor,
  productId: string,
): Promise<ProductHistory> {
  const events = await sellerProductEvents(source, viewer, productId);
  return { id: productId, items: await productHistory(source, productId, events) };
}
