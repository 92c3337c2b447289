import { createRoute, z } from '@hono/zod-openapi';
import { NOTICES } from '../../domain/notices.ts';
import { reviewDecider } from '../../domain/review/decider.ts';
import { reviewStream } from '../../domain/review/events.ts';
import { averageRating } from '../../domain/review/rating.ts';
import { reviewSchema } from '../../domain/review/schemas.ts';
import { COLLECTIONS, type ReviewDoc } from '../../projections/models.ts';
import { REVIEW_ELIGIBILITY, type ReviewEligibilityDoc, eligibilityId, reviewDocs } from '../../projections/reviews.ts';
import { actorOf } from '../auth/middleware.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { PositionSchema, errors, jsonBody, jsonResponse, router } from '../http.ts';
import { loadProduct } from '../commands/product-facts.ts';
import { ProductIdParamsSchema } from './products.ts';

const ReviewSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    buyerId: z.string(),
    authorName: z.string().openapi({ description: 'Full name of the buyer who wrote it' }),
    rating: z.number().int().min(1).max(5),
    comment: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Review') satisfies z.ZodType<ReviewDoc>;

const ReviewListSchema = z
  .object({
    items: z.array(ReviewSchema).openapi({ description: 'Newest first' }),
    count: z.number().int(),
    average: z.number().nullable().openapi({ description: 'Average rating to one decimal, null without reviews' }),
  })
  .openapi('ReviewList');

const EligibilitySchema = z
  .object({
    state: z.enum(['login', 'purchase', 'allowed']).openapi({
      description: "What the review area shows: 'Login to write a review', 'Purchase this product to write a review', or the form",
    }),
    review: ReviewSchema.optional().openapi({ description: "The caller's own review, which the form edits" }),
  })
  .openapi('ReviewEligibility');

const SubmittedSchema = z
  .object({
    review: ReviewSchema,
    position: PositionSchema,
    title: z.literal(NOTICES.reviewSubmitted.title),
    message: z.literal(NOTICES.reviewSubmitted.description),
  })
  .openapi('ReviewSubmitted');

export function reviewRoutes(ctx: AppContext) {
  const app = router();
  const reviews = ctx.platform.read.collection<ReviewDoc>(COLLECTIONS.reviews);
  const eligibility = ctx.platform.read.collection<ReviewEligibilityDoc>(REVIEW_ELIGIBILITY);

  /** A buyer may review what an order of theirs delivered. */
  const hasDeliveredPurchase = async (buyerId: string, productId: string) => (await eligibility.get(eligibilityId(buyerId, productId))) !== null;
  /** The caller's review from its stream, so it is current right after a submit. */
  const ownReview = async (productId: string, buyerId: string) => (await ctx.streams.load(reviewStream(productId, buyerId), reviewDocs)).state;

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/reviews',
      tags: ['Reviews'],
      summary: 'Reviews of a product, newest first, with their average rating',
      request: { params: ProductIdParamsSchema },
      responses: { 200: jsonResponse(ReviewListSchema, 'The reviews'), ...errors(400, 404) },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await loadProduct(ctx, id);
      const items = await reviews.find({ where: { productId: id }, sort: [['createdAt', 'desc']] });
      const ratingSum = items.reduce((total, review) => total + review.rating, 0);
      return c.json({ items, count: items.length, average: averageRating(ratingSum, items.length) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/reviews/eligibility',
      tags: ['Reviews'],
      summary: 'Whether the caller may review the product',
      description: 'Signed out: login. Without a delivered order of the product: purchase. Otherwise allowed, with their review if they wrote one.',
      request: { params: ProductIdParamsSchema },
      responses: { 200: jsonResponse(EligibilitySchema, 'The review state'), ...errors(400, 404) },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await loadProduct(ctx, id);
      const user = c.get('user');
      if (!user) return c.json({ state: 'login' as const }, 200);
      if (!(await hasDeliveredPurchase(user.id, id))) return c.json({ state: 'purchase' as const }, 200);
      const review = await ownReview(id, user.id);
      return c.json({ state: 'allowed' as const, ...(review && { review }) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/reviews',
      tags: ['Reviews'],
      summary: 'Review a product you received, or edit your review of it',
      description: 'Only a buyer with a delivered order of the product may review it; a second submit edits the first.',
      request: { params: ProductIdParamsSchema, body: jsonBody(reviewSchema) },
      responses: {
        201: jsonResponse(SubmittedSchema, 'The review was recorded'),
        200: jsonResponse(SubmittedSchema, 'The review was edited (or was already so)'),
        ...errors(400, 401, 403, 404, 413),
      },
    }),
    async (c) => {
      const user = c.get('user');
      if (!user) throw new ApiError(401, 'unauthorized', NOTICES.loginToReview.description);
      const { id } = c.req.valid('param');
      const { rating, comment } = c.req.valid('json');
      await loadProduct(ctx, id);
      const stream = reviewStream(id, user.id);
      const command = {
        type: 'SubmitReview',
        actor: actorOf(user),
        productId: id,
        authorName: user.fullName,
        rating,
        comment,
        hasDeliveredPurchase: await hasDeliveredPurchase(user.id, id),
        at: new Date().toISOString(),
      } as const;
      const { events, position } = await ctx.streams.decide(stream, reviewDecider, command, { actor: user.id });
      const review = (await ownReview(id, user.id))!;
      const body = { review, position, title: NOTICES.reviewSubmitted.title, message: NOTICES.reviewSubmitted.description };
      return events[0]?.type === 'ReviewSubmitted' ? c.json(body, 201) : c.json(body, 200);
    },
  );

  return app;
}
