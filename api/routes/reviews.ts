import { createRoute, z } from '@hono/zod-openapi';
import { NOTICES } from '../../domain/notices.ts';
import { reviewSchema } from '../../domain/review/schemas.ts';
import { actorOf, asGuard, requireUser } from '../auth/middleware.ts';
import { limitRequest } from '../auth/too-many-requests.ts';
import { type ReviewResult, reviewEligibility, submitReview, visibleProduct } from '../commands/reviews.ts';
import type { AppContext } from '../roles/context.ts';
import { ApiError } from '../http/errors.ts';
import { PositionSchema, errors, jsonBody, jsonResponse, router } from '../http/router.ts';
import { ReviewListSchema, ReviewSchema } from '../../projections/reviews/documents.ts';
import { productReviews } from '../../projections/reviews/queries.ts';
import { ProductIdParamsSchema } from './products.ts';

const EligibilitySchema = z
  .object({
    state: z.enum(['login', 'purchase', 'allowed']).openapi({
      description:
        "What the review area shows: 'Login to write a review', 'Purchase this product to write a review', or the form",
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
  .openapi('ReviewSubmitted') satisfies z.ZodType<Omit<ReviewResult, 'created'>>;

/** Before the body is read, as `guard` does, with the spec's own notice: a visitor learns nothing of the inputs. */
const signedInToReview = asGuard(async (c, next) => {
  if (!c.get('user')) throw new ApiError(401, 'unauthorized', NOTICES.loginToReview.description);
  await next();
});

export const reviewRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/reviews',
        operationId: 'listReviews',
        tags: ['Reviews'],
        summary: 'Reviews of a product, newest first, with their average rating',
        description:
          'A product not on sale (pending review, rejected, delisted, its seller suspended) is found only by its seller and admins.',
        request: { params: ProductIdParamsSchema },
        responses: { 200: jsonResponse(ReviewListSchema, 'The reviews'), ...errors(400, 404) },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const user = c.get('user');
        await visibleProduct(ctx, id, user ? actorOf(user) : null);
        return c.json(await productReviews(ctx.platform.read, id), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/reviews/eligibility',
        operationId: 'getReviewEligibility',
        tags: ['Reviews'],
        summary: 'Whether the caller may review the product',
        description:
          'Signed out: login. Without a delivered order of the product: purchase. Otherwise allowed, with their review if they wrote one. ' +
          'A product not on sale is found only by its seller and admins.',
        request: { params: ProductIdParamsSchema },
        responses: { 200: jsonResponse(EligibilitySchema, 'The review state'), ...errors(400, 404) },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const user = c.get('user');
        await visibleProduct(ctx, id, user ? actorOf(user) : null);
        if (!user) return c.json({ state: 'login' as const }, 200);
        return c.json(await reviewEligibility(ctx, user.id, id), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/reviews',
        operationId: 'writeReview',
        middleware: [signedInToReview] as const,
        tags: ['Reviews'],
        summary: 'Review a product you received, or edit your review of it',
        description:
          'Only a buyer with a delivered order of the product may review it; a second submit edits the first. A product not on sale cannot be reviewed (404).',
        request: { params: ProductIdParamsSchema, body: jsonBody(reviewSchema) },
        responses: {
          201: jsonResponse(SubmittedSchema, 'The review was recorded'),
          200: jsonResponse(SubmittedSchema, 'The review was edited (or was already so)'),
          ...errors(400, 401, 403, 404, 413, 429),
        },
      }),
      async (c) => {
        const user = requireUser(c);
        await limitRequest(c, ctx.throttles.reviews, user.id, 'reviews');
        const input = { productId: c.req.valid('param').id, authorName: user.fullName, ...c.req.valid('json') };
        const { created, ...submitted } = await submitReview(ctx, actorOf(user), input);
        const body = {
          ...submitted,
          title: NOTICES.reviewSubmitted.title,
          message: NOTICES.reviewSubmitted.description,
        };
        return created ? c.json(body, 201) : c.json(body, 200);
      },
    );
