/** The admins' certificate checks (issue 29): the queue, what expires soon, decisions, the evidence. */
import { createRoute, z } from '@hono/zod-openapi';
import { dayOf } from '../../../domain/provenance/days.ts';
import { reasonSchema } from '../../../domain/provenance/schemas.ts';
import { CERTIFICATE_STATES, CertificateSchema } from '../../../projections/provenance/documents.ts';
import { certificatesExpiring, certificatesIn } from '../../../projections/provenance/queries.ts';
import { actorOf, requireRole } from '../../auth/middleware.ts';
import { decideCertificate, evidenceDownload } from '../../commands/provenance.ts';
import { evidenceHeaders, evidenceResponse } from '../../http/evidence-download.ts';
import { errors, jsonBody, jsonResponse, router } from '../../http/router.ts';
import type { AppContext } from '../../roles/context.ts';
import { EvidenceParams, ProvenanceResultSchema } from '../seller-provenance.ts';
import { IdParamsSchema } from './shared.ts';

const tags = ['Admin'];
const QueueQuery = z.object({
  state: z.enum(CERTIFICATE_STATES).optional().openapi({ description: 'Only certificates in this state' }),
});

const reasoned = { params: IdParamsSchema, body: jsonBody(reasonSchema) };

const decisionRoute = <A extends 'verify' | 'reject' | 'revoke', R extends { params: typeof IdParamsSchema }>(
  action: A,
  summary: string,
  request: R,
) =>
  createRoute({
    method: 'post',
    path: `/{id}/${action}` as `/{id}/${A}`,
    operationId: `${action}Certificate`,
    tags,
    summary,
    request,
    responses: {
      200: jsonResponse(ProvenanceResultSchema, 'Decided'),
      ...errors(400, 401, 403, 404, 409, 413, 422),
    },
  });

export const adminCertificateRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'listCertificates',
        tags,
        summary: 'Certificates, oldest submitted first: `?state=submitted` is the queue to check',
        request: { query: QueueQuery },
        responses: { 200: jsonResponse(z.array(CertificateSchema), 'The certificates'), ...errors(400, 401, 403) },
      }),
      async (c) => {
        requireRole(c, 'admin');
        return c.json(await certificatesIn(ctx.platform.read, c.req.valid('query').state), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/expiring',
        operationId: 'listExpiringCertificates',
        tags,
        summary: 'Verified certificates whose last valid day is within 30 days, soonest first',
        responses: { 200: jsonResponse(z.array(CertificateSchema), 'The certificates'), ...errors(401, 403) },
      }),
      async (c) => {
        requireRole(c, 'admin');
        return c.json(await certificatesExpiring(ctx.platform.read, dayOf(ctx.now())), 200);
      },
    )
    .openapi(
      decisionRoute('verify', 'Verify a submitted certificate: it gives its badge until it ends', {
        params: IdParamsSchema,
      }),
      async (c) => {
        const admin = requireRole(c, 'admin');
        const decision = { type: 'VerifyCertificate', byName: admin.fullName } as const;
        return c.json(await decideCertificate(ctx, actorOf(admin), c.req.valid('param').id, decision), 200);
      },
    )
    .openapi(decisionRoute('reject', 'Reject a submitted certificate, saying why', reasoned), async (c) => {
      const admin = requireRole(c, 'admin');
      const decision = { type: 'RejectCertificate', reason: c.req.valid('json').reason } as const;
      return c.json(await decideCertificate(ctx, actorOf(admin), c.req.valid('param').id, decision), 200);
    })
    .openapi(
      decisionRoute('revoke', 'Revoke a verified certificate, saying why: its badge goes at once', reasoned),
      async (c) => {
        const admin = requireRole(c, 'admin');
        const decision = { type: 'RevokeCertificate', reason: c.req.valid('json').reason } as const;
        return c.json(await decideCertificate(ctx, actorOf(admin), c.req.valid('param').id, decision), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/evidence/{evidenceId}',
        operationId: 'downloadEvidence',
        tags,
        summary: 'An evidence file of a certificate, to check it',
        request: { params: EvidenceParams },
        responses: { 200: evidenceResponse, ...errors(401, 403, 404) },
      }),
      async (c) => {
        const admin = requireRole(c, 'admin');
        const { id, evidenceId } = c.req.valid('param');
        const { file, data } = await evidenceDownload(ctx, actorOf(admin), 'admin', id, evidenceId);
        return c.body(new Uint8Array(data), 200, evidenceHeaders(file));
      },
    );
