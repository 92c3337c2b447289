import { createRoute, z } from '@hono/zod-openapi';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import type { AppContext } from '../context.ts';
import { router } from '../http.ts';
import type { LiveFeed, LiveGroup } from '../live-feed.ts';

export interface LiveOptions {
  /** How often an idle connection gets a comment, so proxies keep it open. */
  heartbeatMs?: number;
}

const HEARTBEAT_MS = 15_000;
/** Writes a client may leave unread before it is dropped; it reconnects and resumes from the feed's buffer. */
const MAX_UNREAD_WRITES = 1000;

/** One event in the SSE wire format. `data` is JSON, which holds no line break. */
const sseEvent = (event: string, data: string, id?: number) => `event: ${event}\ndata: ${data}\n${id === undefined ? '' : `id: ${id}\n`}\n`;

const EVENTS_DESCRIPTION = `Server-Sent Events, each with JSON data:
- \`product.added\`, \`product.changed\` (the public product), \`product.removed\` (\`{ id }\`): to everyone;
- \`order.changed\` (the order): to its buyer;
- \`order-line.added\`, \`order-line.changed\` (the order line), \`notification.added\`, \`notification.read\` (the notification): to their seller;
- \`ready\` (\`{ position }\`) once the connection is set up, after what it missed;
- \`reset\`: the server no longer holds everything since the Last-Event-ID; refetch.

Ids are log positions: pass one to a query as \`?after=\` to read what the message announced. A comment line is sent every 15 s.`;

interface Connection {
  feed: LiveFeed;
  userId: string | null;
  lastEventId: string | undefined;
  heartbeatMs: number;
}

/** Sends what the user may see of the feed until the client leaves or the feed closes. */
async function follow(sse: SSEStreamingApi, { feed, userId, lastEventId, heartbeatMs }: Connection): Promise<void> {
  let unread = 0;
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  // Not awaited, so a slow client never holds up the feed; writes still go out in order.
  const write = (text: string) => {
    if (unread >= MAX_UNREAD_WRITES) return end();
    unread++;
    void sse.write(text).then(() => unread--);
  };

  // After a reconnect to another server, groups it has yet to send may be ones the client saw.
  const after = lastEventId === undefined ? Number.NEGATIVE_INFINITY : Number(lastEventId);
  const send = ({ position, messages }: LiveGroup) => {
    if (position <= after) return;
    const visible = messages.filter((message) => message.audience === null || message.audience === userId);
    // The id goes on the last message only: a client cut off within a group resumes before it.
    visible.forEach((message, i) => write(sseEvent(message.event, message.data, i === visible.length - 1 ? position : undefined)));
  };

  const joined = feed.join(lastEventId, { deliver: send, close: end });
  sse.onAbort(end);
  const heartbeat = setInterval(() => write(': ping\n\n'), heartbeatMs);
  try {
    if (joined.missed === 'reset') write(sseEvent('reset', '{}'));
    else joined.missed.forEach(send);
    const resumeFrom = joined.missed === 'reset' ? joined.head : Math.max(joined.head, after);
    write(sseEvent('ready', JSON.stringify({ position: resumeFrom }), resumeFrom));
    await ended;
  } finally {
    clearInterval(heartbeat);
    joined.leave();
  }
}

export const liveRoutes = (ctx: AppContext, { heartbeatMs = HEARTBEAT_MS }: LiveOptions = {}) =>
  router().openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['Live'],
      summary: 'Live updates of products, and of your orders and notifications',
      description: EVENTS_DESCRIPTION,
      request: {
        headers: z.object({
          'last-event-id': z.string().optional().openapi({ description: 'The id of the last event received, sent by EventSource on a reconnect' }),
        }),
      },
      responses: { 200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } } },
    }),
    async (c) => {
      const connection: Connection = {
        feed: await ctx.live.get(),
        userId: c.get('user')?.id ?? null,
        lastEventId: c.req.valid('header')['last-event-id'] || undefined,
        heartbeatMs,
      };
      // Proxies such as nginx would otherwise hold the events back in their buffers.
      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, async (sse) => {
        // Errors here would not reach app.onError: the response has already begun.
        try {
          await follow(sse, connection);
        } catch (error) {
          console.error('[live] connection failed:', error);
        }
      });
    },
  );
