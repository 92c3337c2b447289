import { createRoute, z } from '@hono/zod-openapi';
import { messageSchema } from '../../domain/conversation/schemas.ts';
import { ProductImageSchema } from '../../projections/catalog/documents.ts';
import { ThreadListSchema, ThreadMessageSchema, ThreadViewSchema } from '../../projections/threads/documents.ts';
import { threadsOf } from '../../projections/threads/queries.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { limitRequest } from '../auth/too-many-requests.ts';
import {
  type PostedMessage,
  markThreadRead,
  postMessage,
  readThread,
  uploadThreadImage,
} from '../commands/conversations.ts';
import { disputeOpenOn } from '../commands/help-requests.ts';
import { ErrorSchema, PositionSchema, errors, jsonBody, jsonResponse, pathParam, router } from '../http/router.ts';
import type { AppContext } from '../roles/context.ts';
import { IMAGES_UNAVAILABLE_RESPONSE, UploadSchema } from './uploads.ts';

const tags = ['Conversations'];

const ThreadParams = z.object({ id: pathParam('id', 100, { description: 'The seller order of the thread' }) });

const PostedSchema = z
  .object({ message: ThreadMessageSchema, position: PositionSchema })
  .openapi('PostedMessage') satisfies z.ZodType<PostedMessage>;

const ThreadReadSchema = z.object({ sellerOrderId: z.string(), unread: z.literal(0), position: PositionSchema });

const NOT_YOURS =
  "Only the seller order's buyer and its seller (once told of the order) read and write its thread; an admin reads it only while a dispute is open on it, and that read is recorded. Anyone else gets 404.";

export const threadRoutes = (ctx: AppContext) => {
  // Read per request: the context's clock may be moved (tests, a development server's clock).
  const readContext = () => ({ ...ctx, disputeOpen: disputeOpenOn(ctx) });
  return router(guard())
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'listThreads',
        tags,
        summary: "The signed-in user's conversations, as buyer and as seller, and their unread messages in all",
        responses: { 200: jsonResponse(ThreadListSchema, 'The threads'), ...errors(400, 401) },
      }),
      async (c) => c.json(await threadsOf(ctx.platform.read, requireUser(c).id), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        operationId: 'getThread',
        tags,
        summary: 'The conversation of a seller order, oldest message first (empty before the first)',
        description: NOT_YOURS,
        request: { params: ThreadParams },
        responses: { 200: jsonResponse(ThreadViewSchema, 'The thread'), ...errors(400, 401, 404) },
      }),
      async (c) => c.json(await readThread(readContext(), actorOf(requireUser(c)), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/messages',
        operationId: 'postMessage',
        tags,
        summary: 'Write to the other party of a seller order',
        description: `${NOT_YOURS} Text of 1 to 2000 characters; up to 4 images, the ids of your uploads to the thread. The other party is mailed when away (not reading the thread in the 5 minutes before), once for a run of unread messages.`,
        request: { params: ThreadParams, body: jsonBody(messageSchema) },
        responses: {
          201: jsonResponse(PostedSchema, 'The message was posted'),
          ...errors(400, 401, 404, 413, 429),
        },
      }),
      async (c) => {
        const user = requireUser(c);
        await limitRequest(c, ctx.throttles.messages, user.id, 'messages');
        return c.json(await postMessage(ctx, actorOf(user), c.req.valid('param').id, c.req.valid('json')), 201);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/read',
        operationId: 'markThreadRead',
        tags,
        summary: 'Mark every message of the thread read',
        description: NOT_YOURS,
        request: { params: ThreadParams },
        responses: { 200: jsonResponse(ThreadReadSchema, 'Read'), ...errors(400, 401, 404) },
      }),
      async (c) => c.json(await markThreadRead(ctx, actorOf(requireUser(c)), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/images',
        operationId: 'uploadThreadImage',
        tags,
        summary: 'Upload an image for a message of the thread',
        description: `${NOT_YOURS} Judged and stored as product images are (type read from the content, metadata dropped, WebP at each width); name its id in the message's \`images\`.`,
        request: {
          params: ThreadParams,
          body: { required: true, content: { 'multipart/form-data': { schema: UploadSchema } } },
        },
        responses: {
          201: jsonResponse(ProductImageSchema, 'Stored at every width'),
          ...errors(400, 401, 404, 413, 429),
          415: jsonResponse(ErrorSchema, 'Not a PNG, JPEG, WEBP or GIF image (invalid_file_type)'),
          ...IMAGES_UNAVAILABLE_RESPONSE,
        },
      }),
      async (c) => {
        const user = requireUser(c);
        await limitRequest(c, ctx.throttles.uploads, user.id, 'uploads');
        const image = await uploadThreadImage(ctx, actorOf(user), c.req.valid('param').id, c.req.valid('form').file);
        return c.json(image, 201);
      },
    );
};
