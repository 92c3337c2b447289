/** CSV answers: a file the browser saves, never cached. */
import { z } from '@hono/zod-openapi';

/** The headers of a CSV answer saved as `fileName`. */
export const csvDownload = (fileName: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'no-store',
});

/** The OpenAPI response of a CSV answer. */
export const csvResponse = (description: string) => ({
  description,
  content: { 'text/csv': { schema: z.string() } },
});
