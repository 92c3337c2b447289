import { createRoute, z } from '@hono/zod-openapi';
import { INVALID_IMAGE_TYPE } from '../../domain/product/image.ts';
import { ProductImageSchema } from '../../projections/catalog/documents.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { limitRequest } from '../auth/too-many-requests.ts';
import { uploadProductImage } from '../commands/uploads.ts';
import type { AppContext } from '../roles/context.ts';
import { ErrorSchema, errors, jsonResponse, router } from '../http/router.ts';

/** The 503 of a route that resizes an image (an upload, or a product's image URL fetched). */
export const IMAGES_UNAVAILABLE_RESPONSE = {
  503: jsonResponse(
    ErrorSchema,
    'The image process failed on our side (images_unavailable): nothing was stored; the same request may succeed',
  ),
};

/** An image of at most 5 MB plus the multipart framing around it. */
export const UPLOAD_BODY_LIMIT = 5 * 1024 * 1024 + 64 * 1024;

export const UploadSchema = z.object({
  file: z
    .instanceof(File, { error: INVALID_IMAGE_TYPE.description })
    .openapi({ type: 'string', format: 'binary', description: 'A PNG, JPEG, WEBP or GIF image of at most 5 MB' }),
});

export const uploadRoutes = (ctx: AppContext) =>
  router().openapi(
    createRoute({
      method: 'post',
      path: '/',
      operationId: 'uploadImage',
      middleware: [guard('seller')] as const,
      tags: ['Uploads'],
      summary: 'Upload a product image',
      description:
        'The image type is read from the content, not from the file name or the declared type. The image is turned upright ' +
        'and stored as WebP at each width, without its metadata (EXIF); list or edit a product with its id in `images`.',
      request: { body: { required: true, content: { 'multipart/form-data': { schema: UploadSchema } } } },
      responses: {
        201: jsonResponse(ProductImageSchema, 'Stored at every width'),
        ...errors(400, 401, 403, 413, 429),
        415: jsonResponse(ErrorSchema, 'Not a PNG, JPEG, WEBP or GIF image (invalid_file_type)'),
        ...IMAGES_UNAVAILABLE_RESPONSE,
      },
    }),
    async (c) => {
      const user = requireUser(c);
      await limitRequest(c, ctx.throttles.uploads, user.id, 'uploads');
      return c.json(await uploadProductImage(ctx, actorOf(user), c.req.valid('form').file), 201);
    },
  );
