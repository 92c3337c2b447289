import { createRoute, z } from '@hono/zod-openapi';
import { NDJSON_CONTENT_TYPE, exportFiltersSchema, exportNdjson } from '../../platform/eventstore/ndjson.ts';
import { requireRole } from '../auth/middleware.ts';
import type { AppContext } from '../roles/context.ts';
import { errors, router } from '../http/router.ts';
import { logger } from '../../platform/log.ts';

const log = logger('export');

const DESCRIPTION = `The event log, or the part the filters keep, as NDJSON (the format of \`mibi export\`,
which \`mibi import\` loads): a header line \`{"format":"mibi-events","version":1,"exportedAt","filters"}\`,
then one event per line in log order with its id, type, stream, revision, position, data and metadata.
The log is read page by page and written as it is read. Filters: \`types\` (comma-separated),
\`prefix\` (of stream names), \`fromPosition\`/\`toPosition\` (inclusive), \`since\` (inclusive) and
\`until\` (exclusive) on the events' time. Events hold personal data and password hashes: admins only.`;

/** Streams `chunks` as the body, reading the next one only when the client has taken the last. */
function bodyOf(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        // The status line is gone already: all that is left is to cut the response short.
        log.error({ err: error }, 'reading the log failed');
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/**
 * The typed routes know JSON and text bodies only: to them an `application/x-ndjson` response
 * is `never` (they take the type for a malformed JSON one), hence the cast.
 */
function ndjsonResponse(body: ReadableStream<Uint8Array>, exportedAt: string): never {
  const file = `mibi-events-${exportedAt.replace(/[:.]/g, '-')}.ndjson`;
  const headers = {
    'content-type': NDJSON_CONTENT_TYPE,
    'content-disposition': `attachment; filename="${file}"`,
    'cache-control': 'no-store',
  };
  return new Response(body, { status: 200, headers }) as never;
}

export const exportRoutes = (ctx: AppContext) =>
  router().openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'exportData',
      tags: ['Admin'],
      summary: 'Export the event log as NDJSON',
      description: DESCRIPTION,
      request: { query: exportFiltersSchema },
      responses: {
        200: {
          description: 'The events, one JSON document per line',
          content: { [NDJSON_CONTENT_TYPE]: { schema: z.string() } },
        },
        ...errors(400, 401, 403),
      },
    }),
    async (c) => {
      requireRole(c, 'admin');
      return ndjsonResponse(bodyOf(exportNdjson(ctx.platform.events, c.req.valid('query'))), ctx.now());
    },
  );
