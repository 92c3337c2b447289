/**
 * A tax document's two reads, alike for every kind (a seller's invoices, MIBI's commission and
 * delivery invoices): the document with every figure as issued, and its PDF. Each kind says who
 * may read it; anyone else is told it is not there.
 */
import { createRoute, type z } from '@hono/zod-openapi';
import type { Actor } from '../../domain/actor.ts';
import { actorOf, requireUser } from '../auth/middleware.ts';
import { errors, jsonResponse, type router } from '../http/router.ts';
import { type Printable, documentPdf, pdfHeaders, pdfResponse } from './pdf.ts';

import { documentIdParams, documentNotFound } from './requests.ts';

export interface DocumentKind<Schema extends z.ZodType<{ number: string }>> {
  /** Names the operations: `get${name}`, `get${name}Pdf`. */
  name: string;
  /** What one document is, e.g. "A tax invoice or credit note". */
  what: string;
  /** Who may read one, e.g. "Its buyer, its seller or an admin". */
  readers: string;
  idExample: string;
  schema: Schema;
  find: (id: string) => Promise<z.infer<Schema> | null>;
  mayRead: (actor: Actor, doc: z.infer<Schema>) => boolean;
  printable: (doc: z.infer<Schema>) => Printable;
  /** The router lets only some roles in (403 for the others). */
  roleGuarded?: boolean;
}

/** Adds `GET /{id}` and `GET /{id}/pdf` of one kind of document to its router. */
export function documentReads<Schema extends z.ZodType<{ number: string }>>(
  app: ReturnType<typeof router>,
  kind: DocumentKind<Schema>,
) {
  const params = documentIdParams(kind.idExample);
  const description = `${kind.readers}; anyone else is told it is not there (404).`;
  const refusals = kind.roleGuarded ? errors(400, 401, 403, 404) : errors(400, 401, 404);
  const readable = async (id: string, actor: Actor) => {
    const doc = await kind.find(id);
    if (!doc || !kind.mayRead(actor, doc)) throw documentNotFound();
    return doc;
  };
  return app
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        operationId: `get${kind.name}`,
        tags: ['Invoices'],
        summary: `${kind.what}, every figure as issued`,
        description,
        request: { params },
        responses: {
          200: jsonResponse(kind.schema, 'The document'),
          ...refusals,
        },
      }),
      async (c) => c.json(await readable(c.req.valid('param').id, actorOf(requireUser(c))), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/pdf',
        operationId: `get${kind.name}Pdf`,
        tags: ['Invoices'],
        summary: `${kind.what} as a PDF to download`,
        description,
        request: { params },
        responses: {
          200: pdfResponse('The document as PDF'),
          ...refusals,
        },
      }),
      async (c) => {
        const doc = await readable(c.req.valid('param').id, actorOf(requireUser(c)));
        const pdf = await documentPdf(kind.printable(doc));
        return c.body(new Uint8Array(pdf), 200, pdfHeaders(doc.number));
      },
    );
}
