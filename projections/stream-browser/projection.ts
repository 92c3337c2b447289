/**
 * The stream browser's index of the log: per correlation id the events that share it (with the
 * event each names as its cause), and per stream category its streams and events. A lookup of
 * what caused an event, or what it caused, then reads one document instead of the log.
 */
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import type { UnitOfWork } from '../../platform/readstore/port.ts';
import { streamCategory } from '../log-stats.ts';
import { type CorrelationDoc, type EventLink, MAX_LINKS, type StreamCategoryDoc } from './documents.ts';

export const CORRELATIONS = 'stream_correlations';
export const STREAM_CATEGORIES = 'stream_categories';

export const linkOf = ({ id, position, stream, revision, type, metadata }: RecordedEvent): EventLink => ({
  id,
  position,
  stream,
  revision,
  type,
  time: metadata.time,
  causationId: metadata.causationId,
});

export const streamBrowser: Projection = {
  name: 'stream-browser',
  collections: [{ name: CORRELATIONS }, { name: STREAM_CATEGORIES }],
  eventTypes: 'all',

  async apply(event: RecordedEvent, work: UnitOfWork): Promise<void> {
    const { correlationId, time } = event.metadata;
    const correlation = await work.get<CorrelationDoc>(CORRELATIONS, correlationId);
    const links = correlation?.links ?? [];
    work.put<CorrelationDoc>(CORRELATIONS, {
      id: correlationId,
      events: (correlation?.events ?? 0) + 1,
      links: links.length < MAX_LINKS ? [...links, linkOf(event)] : links,
    });
    const id = streamCategory(event.stream);
    const category = await work.get<StreamCategoryDoc>(STREAM_CATEGORIES, id);
    work.put<StreamCategoryDoc>(STREAM_CATEGORIES, {
      id,
      // Revision 0 is a stream's first event: a stream new to the category.
      streams: (category?.streams ?? 0) + (event.revision === 0 ? 1 : 0),
      events: (category?.events ?? 0) + 1,
      lastEventAt: time,
    });
  },
};
