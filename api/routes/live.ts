import { ServerResponse } from 'node:http';
import { createRoute, z } from '@hono/zod-openapi';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import type { Role } from '../../domain/actor.ts';
import type { AppContext } from '../roles/context.ts';
import { router } from '../http/router.ts';
import { BATCH_MS_PER_CONNECTION, type LiveBatch, type LiveFeed, type LiveGroup, MAX_BATCH_MS } from '../live/feed.ts';
import { describeEvents, sseFrame } from '../live/messages.ts';
import { LIVE_SESSION_CHECK_MS, LiveSessionWatch } from '../live/sessions.ts';

export interface LiveOptions {
  /** How often an idle connection gets a comment, so proxies keep it open. */
  heartbeatMs?: number;
  /** Unsent bytes after which a connection is cut off (MAX_BACKLOG_BYTES). */
  maxBacklogBytes?: number;
  /** How often the sessions of open streams are read again (LIVE_SESSION_CHECK_MS). */
  sessionCheckMs?: number;
}

const HEARTBEAT_MS = 15_000;
/**
 * The bytes a client may leave unsent (still in the server's buffers for its connection,
 * beyond what the kernel's socket buffers took) before the server ends the connection: when
 * a message or heartbeat is due and more than this is still unsent, the connection is cut
 * instead. A client that stops reading so costs at most this much memory and one batch,
 * never slows the others, and on reconnecting with Last-Event-ID gets what it missed from
 * the feed's buffer (or `reset` when the buffer no longer holds all of it).
 */
export const MAX_BACKLOG_BYTES = 1024 * 1024;

const PING = Buffer.from(': ping\n\n');
const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  // Private (orders, notifications): never stored (ASVS 14.3.2).
  'cache-control': 'no-store',
  connection: 'keep-alive',
  // Proxies such as nginx would otherwise hold the events back in their buffers.
  'x-accel-buffering': 'no',
};

const EVENTS_DESCRIPTION = `Server-Sent Events, each with JSON data:
${describeEvents()}
- \`ready\` (\`{ position }\`) once the connection is set up, after what it missed;
- \`reset\`: the server no longer holds everything since the Last-Event-ID; refetch.

Ids are log positions: pass one to a query as \`?after=\` to read what the message announced. A comment line is sent every 15 s.
A stream of a signed-in user ends when their session does (sign-out, sign-out everywhere, a password change or reset, the idle or absolute timeout): at once when the session ends in the API process serving the stream, within ${LIVE_SESSION_CHECK_MS / 1000} s otherwise. It also ends when the user loses rights (a role revoked, a seller suspended); reconnecting, the client gets what the user may still see.
Changes close together in time come in one batch: the more clients connected, the longer the server gathers them (${BATCH_MS_PER_CONNECTION} ms per connection, ${MAX_BATCH_MS} ms at most); a change alone goes out at once.

A client that leaves more than ${MAX_BACKLOG_BYTES / 1024 / 1024} MiB (${MAX_BACKLOG_BYTES} bytes) unread is disconnected when the next message or comment is due; it resumes by reconnecting with Last-Event-ID, as EventSource does, and gets what it missed.`;

/** Where a connection's bytes go: Node's response, or a web stream when there is none (`app.request`). */
interface Sink {
  write(bytes: Uint8Array): void;
  /** Bytes written and not yet sent. */
  readonly backlog: number;
  /** Ends the response in good order: the feed is closing. */
  end(): void;
  /** Ends the connection at once, dropping what is unsent. */
  cut(): void;
}

interface Connection {
  feed: LiveFeed;
  userId: string | null;
  /** The user's roles: private messages of a role they no longer hold are not sent. */
  roles: readonly Role[];
  /** The session the stream belongs to, watched so that the stream ends with it; null when signed out. */
  session: { id: string; watch: LiveSessionWatch } | null;
  lastEventId: string | undefined;
  heartbeatMs: number;
  maxBacklogBytes: number;
}

/** Sends what the user may see of the feed until the client leaves, falls too far behind, or the feed closes; answers the stop for when the client leaves. */
function follow(
  sink: Sink,
  { feed, userId, roles, session, lastEventId, heartbeatMs, maxBacklogBytes }: Connection,
): () => void {
  let open = true;
  let unwatch = () => {};
  const stop = () => {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    joined.leave();
    unwatch();
  };
  /** What is still unsent of the catch-up at the start, which may well be larger than the limit: it does not count against it. */
  let catchUp = 0;
  // Never waits, so a slow client never holds up the feed. What is unsent is measured before
  // a write, when the writes before it have had their turn to go out: past the limit, the
  // client is cut off and the write dropped.
  const write = (bytes: Uint8Array | undefined) => {
    if (!open || !bytes || bytes.length === 0) return;
    const unsent = sink.backlog;
    catchUp = Math.min(catchUp, unsent);
    if (unsent - catchUp > maxBacklogBytes) {
      stop();
      sink.cut();
      return;
    }
    sink.write(bytes);
  };

  // After a reconnect to another server, groups it has yet to send may be ones the client saw.
  const after = Number.isSafeInteger(Number(lastEventId)) ? Number(lastEventId) : Number.NEGATIVE_INFINITY;
  const bytesOf = (groups: readonly LiveGroup[]) =>
    Buffer.concat(groups.flatMap((group) => (group.position > after ? (group.wire.for(userId, roles) ?? []) : [])));
  // The same bytes for every connection of the same audience: nothing is made per client.
  const send = ({ groups, wire }: LiveBatch) =>
    write(groups[0]!.position > after ? wire.for(userId, roles) : bytesOf(groups));

  const joined = feed.join(lastEventId, {
    deliver: send,
    close: () => {
      stop();
      sink.end();
    },
  });
  const heartbeat = setInterval(() => write(PING), heartbeatMs);
  if (session && userId !== null) {
    const end = () => {
      if (!open) return;
      stop();
      sink.end();
    };
    unwatch = session.watch.watch({ sessionId: session.id, userId, openedAt: Date.now(), end });
  }
  const resumeFrom = joined.missed === 'reset' ? joined.head : Math.max(joined.head, after);
  const ready = sseFrame('ready', JSON.stringify({ position: resumeFrom }), resumeFrom);
  const missed = joined.missed === 'reset' ? Buffer.from(sseFrame('reset', '{}')) : bytesOf(joined.missed);
  sink.write(Buffer.concat([missed, Buffer.from(ready)]));
  catchUp = sink.backlog;
  return stop;
}

/** Streams straight into Node's response: no web stream between the feed's bytes and the socket. */
function toNode(c: Context, res: ServerResponse, connection: Connection): Response {
  // With what the middleware set, such as a cleared session cookie. (Not through `c.res`: once
  // read, Hono wraps the answer below anew, and @hono/node-server no longer sees it as sent.)
  const prepared = c.newResponse(null, 200, SSE_HEADERS).headers;
  const headers: Record<string, string | string[]> = {};
  prepared.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = prepared.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(200, headers);
  const stop = follow(
    {
      write: (bytes) => res.write(bytes),
      get backlog() {
        return res.writableLength;
      },
      end: () => res.end(),
      cut: () => res.destroy(),
    },
    connection,
  );
  res.once('close', stop);
  // The client may have left while the feed was opening.
  if (!res.socket || res.socket.destroyed) stop();
  return RESPONSE_ALREADY_SENT;
}

/** Streams into a web stream, for a caller without a socket (`app.request` in tests). */
function toWebStream(c: Context, connection: Connection): Response {
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        stop = follow(
          {
            write: (bytes) => controller.enqueue(bytes),
            get backlog() {
              return -(controller.desiredSize ?? 0);
            },
            end: () => controller.close(),
            cut: () => controller.error(new Error('The client fell too far behind')),
          },
          connection,
        );
      },
      cancel: () => stop(),
    },
    // desiredSize goes below 0 by the bytes not yet read.
    new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
  );
  return c.body(body, 200, SSE_HEADERS);
}

export function liveRoutes(ctx: AppContext, options: LiveOptions = {}) {
  const {
    heartbeatMs = HEARTBEAT_MS,
    maxBacklogBytes = MAX_BACKLOG_BYTES,
    sessionCheckMs = LIVE_SESSION_CHECK_MS,
  } = options;
  const watch = new LiveSessionWatch(ctx.sessions, sessionCheckMs);
  return router().openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'streamLiveEvents',
      tags: ['Live'],
      summary: 'Live updates of products, of your orders and notifications, and for admins of their queues',
      description: EVENTS_DESCRIPTION,
      request: {
        headers: z.object({
          'last-event-id': z
            .string()
            .optional()
            .openapi({ description: 'The id of the last event received, sent by EventSource on a reconnect' }),
        }),
      },
      responses: { 200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } } },
    }),
    async (c) => {
      const user = c.get('user');
      const sessionId = c.get('sessionId');
      const connection: Connection = {
        feed: await ctx.live.get(),
        userId: user?.id ?? null,
        roles: user?.roles ?? [],
        session: user && sessionId ? { id: sessionId, watch } : null,
        lastEventId: c.req.valid('header')['last-event-id'] || undefined,
        heartbeatMs,
        maxBacklogBytes,
      };
      // Served by @hono/node-server, the environment carries Node's response.
      const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
      return outgoing instanceof ServerResponse ? toNode(c, outgoing, connection) : toWebStream(c, connection);
    },
  );
}
