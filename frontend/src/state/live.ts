import { effect, signal } from '@preact/signals-react';
import { useEffect, useEffectEvent } from 'react';
import type { LiveEventData } from '../api/client.ts';
import { session, sessionKnown } from './session.ts';

/** The events of GET /api/live and their data. */
export type LiveEvents = LiveEventData & {
  /** Updates may have been missed (the server no longer holds them, or the stream started over): refetch. */
  reset: Record<string, never>;
};

export type LiveEvent = keyof LiveEvents;

type Listener = (data: never) => void;

/** True while the stream is open and caught up (its `ready` event arrived). */
export const liveConnected = signal(false);

const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

const listeners = new Map<LiveEvent, Set<Listener>>();
let source: EventSource | null = null;
let retryMs = RETRY_MIN_MS;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function dispatch<E extends LiveEvent>(event: E, data: LiveEvents[E]): void {
  for (const listener of listeners.get(event) ?? []) (listener as (data: LiveEvents[E]) => void)(data);
}

function listen(stream: EventSource, event: LiveEvent): void {
  stream.addEventListener(event, (message) => dispatch(event, JSON.parse((message as MessageEvent<string>).data)));
}

/**
 * Opens the one stream of the app. EventSource itself reconnects after a drop, sending
 * Last-Event-ID, and the server replays what was missed. A new stream (`resync`) starts
 * from now instead, so once it is ready the screens are told to refetch.
 */
function open(resync: boolean): void {
  const stream = new EventSource('/api/live');
  source = stream;
  for (const event of listeners.keys()) listen(stream, event);
  let missedSomething = resync;
  stream.addEventListener('ready', () => {
    liveConnected.value = true;
    retryMs = RETRY_MIN_MS;
    if (missedSomething) dispatch('reset', {});
    missedSomething = false;
  });
  stream.addEventListener('error', () => {
    liveConnected.value = false;
    // CLOSED: the browser gave up (the server refused the stream); try again later, from now.
    if (stream.readyState !== EventSource.CLOSED) return;
    retryTimer = setTimeout(reopen, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  });
}

function reopen(): void {
  clearTimeout(retryTimer);
  source?.close();
  liveConnected.value = false;
  open(true);
}

/** Calls `listener` with the data of each `event`; opens the stream on first use. Returns the unsubscribe. */
export function subscribeLive<E extends LiveEvent>(event: E, listener: (data: LiveEvents[E]) => void): () => void {
  let forEvent = listeners.get(event);
  if (!forEvent) {
    forEvent = new Set();
    listeners.set(event, forEvent);
    if (source) listen(source, event);
  }
  forEvent.add(listener);
  if (!source) open(false);
  return () => void forEvent.delete(listener);
}

/** Runs `handler` on each live `event` while the component is mounted; the latest handler is called. */
export function useLiveEvent<E extends LiveEvent>(event: E, handler: (data: LiveEvents[E]) => void): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => subscribeLive(event, (data) => onEvent(data)), [event]);
}

// The server picks the messages for the user of the session cookie when the stream opens:
// after a sign-in or sign-out, open it again. (Undefined until the session is first known.)
let streamUser: string | null | undefined;
effect(() => {
  const userId = sessionKnown.value ? (session.value?.id ?? null) : undefined;
  if (userId === undefined) return;
  if (source && streamUser !== undefined && userId !== streamUser) reopen();
  streamUser = userId;
});
