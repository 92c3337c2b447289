import { z } from 'zod';
import { requiredText } from '../fields.ts';

export const DEFAULT_RATING = 5;

export const REVIEW_MESSAGES = {
  ratingRange: /*i18n*/ 'Rating must be between 1 and 5',
  commentRequired: /*i18n*/ 'Comment is required',
} as const;

/** Rating 1 to 5, default 5 (spec section 9), and a comment. */
export const reviewSchema = z.object({
  rating: z
    .number({ error: REVIEW_MESSAGES.ratingRange })
    .int(REVIEW_MESSAGES.ratingRange)
    .min(1, REVIEW_MESSAGES.ratingRange)
    .max(5, REVIEW_MESSAGES.ratingRange)
    .default(DEFAULT_RATING),
  comment: requiredText(REVIEW_MESSAGES.commentRequired, 2000, /*i18n*/ 'Comment', { multiline: true }),
});
