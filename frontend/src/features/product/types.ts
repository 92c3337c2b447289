import type { Data, server } from '../../api/client.ts';

/** GET /products/{id}: a product with its seller, rating and status; the data of the live `product.changed`. */
export type Product = Data<(typeof server.products)[':id']['$get']>;

type ProductReviews = (typeof server.products)[':id']['reviews'];

/** GET /products/{id}/reviews: newest first, with their count and average (to one decimal; null without reviews). */
export type Reviews = Data<ProductReviews['$get']>;
export type Review = Reviews['items'][number];
/** GET /products/{id}/reviews/eligibility: what the review area shows, and the caller's own review, if any. */
export type ReviewEligibility = Data<ProductReviews['eligibility']['$get']>;
