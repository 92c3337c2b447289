/**
 * A seller's proof of origin (issue 29): its makers, its products' origins, evidence uploads
 * and certificates. Every route acts on the signed-in seller's own things only: another
 * seller's maker, product or certificate answers 404, as one that does not exist.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { certificateSchema, makerSchema, originSchema } from '../../domain/provenance/schemas.ts';
import {
  CertificateSchema,
  EvidenceFileSchema,
  MakerSchema,
  OriginSchema,
} from '../../projections/provenance/documents.ts';
import { certificatesOf, makersOf, originsOf } from '../../projections/provenance/queries.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { limitRequest } from '../auth/too-many-requests.ts';
import {
  type CommandResult,
  EVIDENCE_TYPE_REFUSED,
  addMaker,
  changeMaker,
  evidenceDownload,
  removeMaker,
  stateOrigin,
  submitCertificate,
  uploadEvidence,
} from '../commands/provenance.ts';
import { evidenceHeaders, evidenceResponse } from '../http/evidence-download.ts';
import { ErrorSchema, PositionSchema, errors, jsonBody, jsonResponse, pathParam, router } from '../http/router.ts';
import type { AppContext } from '../roles/context.ts';

export const ProvenanceResultSchema = z
  .object({ id: z.string(), position: PositionSchema })
  .openapi('ProvenanceCommandResult') satisfies z.ZodType<CommandResult>;

const IdParams = z.object({ id: pathParam('id', 100) });
export const EvidenceParams = z.object({ id: pathParam('id', 100), evidenceId: pathParam('evidenceId', 100) });

export const EvidenceUploadSchema = z.object({
  file: z.instanceof(File, { error: EVIDENCE_TYPE_REFUSED }).openapi({
    type: 'string',
    format: 'binary',
    description: 'A PDF, or a PNG, JPEG, WEBP or GIF image; at most 10 MB',
  }),
});

const tags = ['Provenance'];

export const sellerProvenanceRoutes = (ctx: AppContext) =>
  router(guard('seller'))
    .openapi(
      createRoute({
        method: 'get',
        path: '/makers',
        operationId: 'listOwnMakers',
        tags,
        summary: "The signed-in seller's makers, by name (artisan IDs masked)",
        responses: { 200: jsonResponse(z.array(MakerSchema), 'The makers'), ...errors(401, 403) },
      }),
      async (c) => c.json(await makersOf(ctx.platform.read, requireUser(c).id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/makers',
        operationId: 'addMaker',
        tags,
        summary: 'Add a maker: an artisan, a family workshop, a cooperative or a self-help group',
        request: { body: jsonBody(makerSchema) },
        responses: { 201: jsonResponse(ProvenanceResultSchema, 'Added'), ...errors(400, 401, 403, 413) },
      }),
      async (c) => c.json(await addMaker(ctx, actorOf(requireUser(c)), c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/makers/{id}',
        operationId: 'changeMaker',
        tags,
        summary: "Replace one of the seller's makers' details",
        request: { params: IdParams, body: jsonBody(makerSchema) },
        responses: { 200: jsonResponse(ProvenanceResultSchema, 'Changed'), ...errors(400, 401, 403, 404, 413) },
      }),
      async (c) =>
        c.json(await changeMaker(ctx, actorOf(requireUser(c)), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/makers/{id}',
        operationId: 'removeMaker',
        tags,
        summary: "Remove one of the seller's makers (products already naming them keep their history)",
        request: { params: IdParams },
        responses: { 200: jsonResponse(ProvenanceResultSchema, 'Removed'), ...errors(401, 403, 404) },
      }),
      async (c) => c.json(await removeMaker(ctx, actorOf(requireUser(c)), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/origins',
        operationId: 'listOwnOrigins',
        tags,
        summary: 'The origins the signed-in seller stated of its products (who made each and how)',
        responses: { 200: jsonResponse(z.array(OriginSchema), 'The stated origins'), ...errors(401, 403) },
      }),
      async (c) => c.json(await originsOf(ctx.platform.read, requireUser(c).id), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/products/{id}/origin',
        operationId: 'stateProductOrigin',
        tags,
        summary: "Say who made one of the seller's products and how",
        description:
          'Names the seller’s own makers (none removed) and the making method; a production partner is named only ' +
          'with the method `production-partner`. Stating the same again records nothing.',
        request: { params: IdParams, body: jsonBody(originSchema) },
        responses: { 200: jsonResponse(ProvenanceResultSchema, 'Stated'), ...errors(400, 401, 403, 404, 413) },
      }),
      async (c) =>
        c.json(await stateOrigin(ctx, actorOf(requireUser(c)), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/evidence',
        operationId: 'uploadEvidence',
        tags,
        summary: 'Upload a certificate’s evidence: a PDF, or an image stored as WebP',
        description:
          'The type is read from the content. The file is stored privately: only its seller and the admins can download ' +
          'it, through the certificate it is submitted with; it never has a public URL.',
        request: { body: { required: true, content: { 'multipart/form-data': { schema: EvidenceUploadSchema } } } },
        responses: {
          201: jsonResponse(EvidenceFileSchema, 'Stored'),
          ...errors(400, 401, 403, 413, 429),
          415: jsonResponse(ErrorSchema, 'Not a PDF nor an image (invalid_file_type)'),
        },
      }),
      async (c) => {
        const user = requireUser(c);
        await limitRequest(c, ctx.throttles.uploads, user.id, 'uploads');
        return c.json(await uploadEvidence(ctx, actorOf(user), c.req.valid('form').file), 201);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/certificates',
        operationId: 'listOwnCertificates',
        tags,
        summary: "The signed-in seller's certificates in every state, newest first",
        responses: { 200: jsonResponse(z.array(CertificateSchema), 'The certificates'), ...errors(401, 403) },
      }),
      async (c) => c.json(await certificatesOf(ctx.platform.read, requireUser(c).id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/certificates',
        operationId: 'submitCertificate',
        tags,
        summary: 'Submit a certificate for the admins to verify',
        description:
          '`evidenceIds` name the seller’s own uploads (POST /api/seller/evidence); a product or lot scope names one of ' +
          'the seller’s products. `title` is the GI’s name for `gi-authorised-user`, the mark’s name for `other`.',
        request: { body: jsonBody(certificateSchema) },
        responses: { 201: jsonResponse(ProvenanceResultSchema, 'Submitted'), ...errors(400, 401, 403, 404, 413, 422) },
      }),
      async (c) => c.json(await submitCertificate(ctx, actorOf(requireUser(c)), c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/certificates/{id}/evidence/{evidenceId}',
        operationId: 'downloadOwnEvidence',
        tags,
        summary: "An evidence file of one of the seller's certificates",
        request: { params: EvidenceParams },
        responses: { 200: evidenceResponse, ...errors(401, 403, 404) },
      }),
      async (c) => {
        const { id, evidenceId } = c.req.valid('param');
        const { file, data } = await evidenceDownload(ctx, actorOf(requireUser(c)), 'owner', id, evidenceId);
        return c.body(new Uint8Array(data), 200, evidenceHeaders(file));
      },
    );
