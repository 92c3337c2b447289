import { createRoute, z } from '@hono/zod-openapi';
import { INVALID_IMAGE_TYPE } from '../../domain/product/image.ts';
import { actorOf, requireRole } from '../auth/middleware.ts';
import { limitRequest } from '../auth/too-many-requests.ts';
import { type Uploaded, uploadProductImage } from '../commands/uploads.ts';
import type { AppContext } from '../context.ts';
import { ErrorSchema, errors, jsonResponse, router } from '../http.ts';

/** An image of at most 5 MB plus the multipart framing around it. */
export const UPLOAD_BODY_LIMIT = 5 * 1024 * 1024 + 64 * 1024;

const UploadSchema = z.object({
  file: z
    .instanceof(File, { error: INVALID_IMAGE_TYPE.description })
    .openapi({ type: 'string', format: 'binary', description: 'A PNG, JPEG, WEBP or GIF image of at most 5 MB' }),
});

const UploadedSchema = z
  .object({ url: z.string().openapi({ example: '/media/products/u1/1714557600000-9b2f.png' }) })
  .openapi('Uploaded') satisfies z.ZodType<Uploaded>;

export const uploadRoutes = (ctx: AppContext) =>
  router().openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags: ['Uploads'],
      summary: 'Upload a product image',
      description: 'The image type is read from the content, not from the file name or the declared type.',
      request: { body: { required: true, content: { 'multipart/form-data': { schema: UploadSchema } } } },
      responses: {
        201: jsonResponse(UploadedSchema, 'Stored; use the URL as the imageUrl of a product'),
        ...errors(400, 401, 403, 413, 429),
        415: jsonResponse(ErrorSchema, 'Not a PNG, JPEG, WEBP or GIF image (invalid_file_type)'),
      },
    }),
    async (c) => {
      const user = requireRole(c, 'seller');
      await limitRequest(c, ctx.throttles.uploads, user.id, 'uploads');
      return c.json(await uploadProductImage(ctx, actorOf(user), c.req.valid('form').file), 201);
    },
  );
