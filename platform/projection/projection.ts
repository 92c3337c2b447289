import type { RecordedEvent } from '../eventstore/port.ts';
import type { CollectionSpec, DocChange, UnitOfWork } from '../readstore/port.ts';

/**
 * A projection turns events into read-model documents. `apply` must be deterministic and
 * depend only on the event and the documents it reads, so a rebuild from zero gives the
 * same documents as the live run.
 */
export interface Projection {
  name: string;
  collections: CollectionSpec[];
  /** Event types the projection reads; others are skipped without a call. */
  eventTypes: ReadonlySet<string> | 'all';
  apply(event: RecordedEvent, work: UnitOfWork): Promise<void>;
}

/** Published on the bus after every committed batch. */
export interface ChangeNotice {
  projection: string;
  position: number;
  changes: DocChange[];
}

export const CHANGES_CHANNEL = 'read-model-changes';
