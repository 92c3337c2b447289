/**
 * The public provenance pages (issue 29): anyone, signed in or not, opens a product's page by
 * the code on its tag, and its seller downloads the tag's QR code, which opens that page.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { publicBaseUrl } from '../../platform/config/links.ts';
import { qrPng, qrSvg } from '../images/provenance-qr.ts';
import { ApiError } from '../http/errors.ts';
import { MEDIA_POLICY } from '../http/media.ts';
import { errors, jsonResponse, pathParam, router } from '../http/router.ts';
import { ProvenancePageSchema, isCode, provenancePage } from '../reads/provenance-page.ts';
import type { AppContext } from '../roles/context.ts';

const CodeParams = z.object({
  code: pathParam('code', 20, { description: "The code on the product's tag", example: '7K3QW9XHC2' }),
});

const tags = ['Provenance'];

const notFound = () => new ApiError(404, 'not_found', /*i18n*/ 'No product has this provenance code');

/** A day: the code's page address changes only with the site's PUBLIC_URL. */
const QR_CACHE = 'public, max-age=86400';

/** The QR codes served, by extension: an SVG to scale to any size, a PNG to print as it is. */
const QR = {
  svg: { type: 'image/svg+xml', operationId: 'getProvenanceQrSvg', draw: async (url: string) => qrSvg(url) },
  png: { type: 'image/png', operationId: 'getProvenanceQrPng', draw: qrPng },
} as const;

/** The route of a QR code; `path` spelled out, so that the typed client names it. */
const qrRoute = <P extends `/{code}/qr.${keyof typeof QR}`>(extension: keyof typeof QR, path: P) =>
  createRoute({
    method: 'get',
    path,
    operationId: QR[extension].operationId,
    tags,
    summary: `The QR code of a product's provenance page, as ${extension === 'svg' ? 'an SVG' : 'a PNG'}`,
    request: { params: CodeParams },
    responses: {
      200: {
        description: `The QR code of the page's address, \`{PUBLIC_URL}/provenance/{code}\`, to download (Content-Disposition names it mibi-{code}.${extension}); cached a day`,
        content: { [QR[extension].type]: { schema: z.string().openapi({ format: 'binary' }) } },
      },
      ...errors(400, 404),
    },
  });

export const provenanceRoutes = (ctx: AppContext) => {
  /** The QR code of the page's address for a code that names a listed product (its seller may print the tag before it is on sale). */
  async function qrCode(code: string, extension: keyof typeof QR): Promise<Response> {
    if (!(await isCode(ctx.platform.read, code))) throw notFound();
    const image = await QR[extension].draw(`${publicBaseUrl(ctx.config)}/provenance/${code}`);
    return new Response(typeof image === 'string' ? image : new Uint8Array(image), {
      status: 200,
      headers: {
        'content-type': QR[extension].type,
        'content-disposition': `inline; filename="mibi-${code}.${extension}"`,
        'content-security-policy': MEDIA_POLICY,
        'x-content-type-options': 'nosniff',
        'cache-control': QR_CACHE,
      },
    });
  }

  return router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/{code}',
        operationId: 'getProvenancePage',
        tags,
        summary: "A product's public provenance page: its makers, certificates and history, its hash chains checked",
        description:
          "Anyone may read it. A product's page is public once an admin approved it (delisted since or not) while its seller is not suspended. Artisan IDs are masked; certificates' evidence is never shown.",
        request: { params: CodeParams },
        responses: { 200: jsonResponse(ProvenancePageSchema, 'The page'), ...errors(400, 404) },
      }),
      async (c) => {
        const page = await provenancePage(ctx.platform, c.req.valid('param').code, ctx.now());
        if (!page) throw notFound();
        return c.json(page, 200);
      },
    )
    .openapi(qrRoute('svg', '/{code}/qr.svg'), (c) => qrCode(c.req.valid('param').code, 'svg'))
    .openapi(qrRoute('png', '/{code}/qr.png'), (c) => qrCode(c.req.valid('param').code, 'png'));
};
