import type { RecordedEvent } from '../platform/eventstore/port.ts';
import type { Doc, UnitOfWork } from '../platform/readstore/port.ts';
import type { Projection } from '../platform/projection/projection.ts';

/** One document per stream and per event type: what analysts list before they replay. */
export interface StreamStats extends Doc {
  category: string;
  events: number;
  revision: number;
  firstPosition: number;
  lastPosition: number;
  lastEventAt: string;
}

export interface EventTypeStats extends Doc {
  events: number;
  firstPosition: number;
  lastPosition: number;
}

export const STREAMS = 'log_streams';
export const EVENT_TYPES = 'log_event_types';

/** `product-123` belongs to category `product`; a stream without a dash is its own category. */
export function streamCategory(stream: string): string {
  const dash = stream.indexOf('-');
  return dash === -1 ? stream : stream.slice(0, dash);
}

export const logStats: Projection = {
  name: 'log-stats',
  collections: [{ name: STREAMS, indexes: [['category'], ['lastPosition']] }, { name: EVENT_TYPES }],
  eventTypes: 'all',

  async apply(event: RecordedEvent, work: UnitOfWork): Promise<void> {
    // Revision 0 starts a stream: there is nothing to read (a replay's store would be asked in vain).
    const stream = event.revision === 0 ? null : await work.get<StreamStats>(STREAMS, event.stream);
    work.put<StreamStats>(STREAMS, {
      id: event.stream,
      category: streamCategory(event.stream),
      events: (stream?.events ?? 0) + 1,
      revision: event.revision,
      firstPosition: stream?.firstPosition ?? event.position,
      lastPosition: event.position,
      lastEventAt: event.metadata.time,
    });
    const type = await work.get<EventTypeStats>(EVENT_TYPES, event.type);
    work.put<EventTypeStats>(EVENT_TYPES, {
      id: event.type,
      events: (type?.events ?? 0) + 1,
      firstPosition: type?.firstPosition ?? event.position,
      lastPosition: event.position,
    });
  },
};
