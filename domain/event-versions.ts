/**
 * The version of each event type's shape the domain writes now: the latest the committed event
 * catalog records (docs/events/catalog.json). The write side stamps it on every event it
 * appends, so analysts see the version an event was written at, not the one read today.
 */
import recorded from '../docs/events/catalog.json' with { type: 'json' };
import { type RecordedCatalog, latest } from './event-catalog.ts';

const catalog = recorded as RecordedCatalog;

/** The version events of `type` are written at; undefined for a type the catalog does not list. */
export const schemaVersionOf = (type: string): number | undefined => {
  const entry = catalog[type];
  return entry && latest(entry.versions).version;
};
