/**
 * How a viewer of the stream browser sees the log (README, "Stream browser"). Analysts see
 * everything through the keyed pseudonymizer: names, ids, actors and payloads. Admins see stream
 * names and ids as recorded (to find an order they know), payloads and actors as analysts do until
 * they ask, with a reason, to see one stream's as recorded (that view is recorded first).
 */
import type { Pseudonymizer } from '../../analytics/privacy.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { EventLink } from '../../projections/stream-browser/documents.ts';

export interface StreamLens {
  readonly revealed: boolean;
  /** The stream's name as the viewer sees it. */
  stream(name: string): string;
  event(recorded: RecordedEvent): RecordedEvent<unknown>;
  link(link: EventLink): EventLink;
}

/** The event a link stands for, without data: what the pseudonymizer takes. */
const eventOfLink = ({ id, position, stream, revision, type, time, causationId }: EventLink): RecordedEvent => ({
  id,
  position,
  stream,
  revision,
  type,
  data: null,
  metadata: { actor: null, correlationId: '', causationId, time },
});

const NO_LINK: EventLink = { id: '', position: 0, stream: '', revision: 0, type: '', time: '', causationId: null };

export function analystLens(pseudonyms: Pseudonymizer): StreamLens {
  const link = (l: EventLink): EventLink => {
    const { id, stream, metadata } = pseudonyms.event(eventOfLink(l));
    return { ...l, id, stream, causationId: metadata.causationId };
  };
  return {
    revealed: false,
    stream: (name) => pseudonyms.event(eventOfLink({ ...NO_LINK, stream: name })).stream,
    event: (recorded) => pseudonyms.event(recorded),
    link,
  };
}

export function adminLens(pseudonyms: Pseudonymizer): StreamLens {
  return {
    revealed: false,
    stream: (name) => name,
    event: (recorded) => {
      const { data, metadata } = pseudonyms.event(recorded);
      return { ...recorded, data, metadata: { ...recorded.metadata, actor: metadata.actor } };
    },
    link: (l) => l,
  };
}

/** Everything as recorded: only for an admin whose view was recorded. */
export const revealedLens: StreamLens = {
  revealed: true,
  stream: (name) => name,
  event: (recorded) => recorded,
  link: (l) => l,
};
