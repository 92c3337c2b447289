/**
 * The stream browser's index of the log: per stream category its streams and events. What
 * caused an event, and what it caused, the event store answers itself (`readCorrelation`).
 */
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import type { UnitOfWork } from '../../platform/readstore/port.ts';
import { streamCategory } from '../log-stats.ts';
import type { StreamCategoryDoc } from './documents.ts';

export const STREAM_CATEGORIES = 'stream_categories';

export const streamBrowser: Projection = {
  name: 'stream-browser',
  collections: [{ name: STREAM_CATEGORIES }],
  eventTypes: 'all',

  async apply(event: RecordedEvent, work: UnitOfWork): Promise<void> {
    const { time } = event.metadata;
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
