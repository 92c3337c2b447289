import { createRoute, z } from '@hono/zod-openapi';
import { saveToWishlistSchema, removeFromWishlistQuerySchema } from '../../domain/wishlist/schemas.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { markNotificationRead } from '../commands/notifications.ts';
import { IdParamsSchema, ListQuerySchema, MarkedReadSchema } from './notifications.ts';
import { type WishlistChange, removeFromWishlist, saveToWishlist } from '../commands/wishlist.ts';
import type { AppContext } from '../roles/context.ts';
import { PositionSchema, errors, jsonBody, jsonResponse, router, pathParam } from '../http/router.ts';
import { BuyerNotificationListSchema } from '../../projections/buyer-notifications/documents.ts';
import { buyerNotificationsOf } from '../../projections/buyer-notifications/queries.ts';
import { WishlistSchema } from '../../projections/wishlists/documents.ts';
import { wishlistOf } from '../../projections/wishlists/queries.ts';

const WishlistChangeSchema = z
  .object({
    productIds: z
      .array(z.string())
      .openapi({ description: 'Every product saved (or with a variant saved), newest first' }),
    variants: z
      .array(z.object({ productId: z.string(), variantId: z.string() }))
      .openapi({ description: 'The variants saved, newest first' }),
    position: PositionSchema,
  })
  .openapi('WishlistChange') satisfies z.ZodType<WishlistChange>;

const ProductParams = z.object({
  productId: pathParam('productId', 100),
});

const tags = ['Wishlist'];

/** The signed-in buyer's own wishlist: no route names a user, so no one reads or edits another's. */
export const wishlistRoutes = (ctx: AppContext) =>
  router(guard('buyer'))
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'getWishlist',
        tags,
        summary: 'The signed-in buyer’s saved products, newest first, at their current price and stock',
        description: 'Pass `?after=<position>` from a save or removal to read it back.',
        responses: { 200: jsonResponse(WishlistSchema, 'The wishlist'), ...errors(401, 403) },
      }),
      async (c) => c.json(await wishlistOf(ctx.platform.read, requireUser(c).id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/items',
        operationId: 'saveToWishlist',
        tags,
        summary: 'Save a product for sale, or one of its variants (`variantId`); saving it again changes nothing',
        request: { body: jsonBody(saveToWishlistSchema) },
        responses: {
          200: jsonResponse(WishlistChangeSchema, 'The saved products after saving'),
          ...errors(400, 401, 403, 404, 409, 413),
        },
      }),
      async (c) => c.json(await saveToWishlist(ctx, actorOf(requireUser(c)), c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/items/{productId}',
        operationId: 'removeFromWishlist',
        tags,
        summary:
          'Remove a saved product, or the variant of it named by `variantId` (removing one that is not saved changes nothing)',
        request: { params: ProductParams, query: removeFromWishlistQuerySchema },
        responses: {
          200: jsonResponse(WishlistChangeSchema, 'The saved products after removing'),
          ...errors(400, 401, 403),
        },
      }),
      async (c) => {
        const { variantId } = c.req.valid('query');
        return c.json(
          await removeFromWishlist(ctx, actorOf(requireUser(c)), c.req.valid('param').productId, variantId),
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/notifications',
        operationId: 'listWishlistNotifications',
        tags,
        summary:
          'The buyer’s notifications of saved products (a lower price, stock again), newest first, and how many are unread',
        request: { query: ListQuerySchema },
        responses: { 200: jsonResponse(BuyerNotificationListSchema, 'The notifications'), ...errors(400, 401, 403) },
      }),
      async (c) =>
        c.json(
          await buyerNotificationsOf(ctx.platform.read, requireUser(c).id, 'wishlist', c.req.valid('query').limit),
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/notifications/{id}/read',
        operationId: 'markWishlistNotificationRead',
        tags,
        summary: 'Mark a notification read',
        description: "Only its buyer may; another user's notification answers 404.",
        request: { params: IdParamsSchema },
        responses: { 200: jsonResponse(MarkedReadSchema, 'The notification is read'), ...errors(400, 401, 403, 404) },
      }),
      async (c) => c.json(await markNotificationRead(ctx, actorOf(requireUser(c)), c.req.valid('param').id), 200),
    );
