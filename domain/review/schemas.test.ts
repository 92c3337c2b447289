import { expect, it } from 'vitest';
import { errorsOf } from '../testing.ts';
import { NOTICES } from '../notices.ts';
import { reviewSchema } from './schemas.ts';

it('rates 5 unless told otherwise and trims the comment', () => {
  expect(reviewSchema.parse({ comment: ' Lovely ' })).toEqual({ rating: 5, comment: 'Lovely' });
  expect(reviewSchema.parse({ rating: 1, comment: 'Frayed' })).toEqual({ rating: 1, comment: 'Frayed' });
});

it.each([
  [{ rating: 0, comment: 'x' }, { rating: 'Rating must be between 1 and 5' }],
  [{ rating: 6, comment: 'x' }, { rating: 'Rating must be between 1 and 5' }],
  [{ rating: 4.5, comment: 'x' }, { rating: 'Rating must be between 1 and 5' }],
  [{ comment: '   ' }, { comment: 'Comment is required' }],
  [{}, { comment: 'Comment is required' }],
  [{ comment: 'x'.repeat(2001) }, { comment: 'Comment must be at most 2000 characters' }],
])('%j: %j', (input, errors) => {
  expect(errorsOf(reviewSchema, input)).toEqual(errors);
});

it('has the words of the review toasts', () => {
  expect(NOTICES).toEqual({
    loginToAddToCart: { title: 'Login Required', description: 'Please login to add items to cart' },
    loginToReview: { title: 'Login Required', description: 'Please login to submit a review' },
    purchaseRequired: { title: 'Purchase Required', description: "You can only review products you've purchased" },
    reviewSubmitted: { title: 'Review Submitted', description: 'Thank you for your review!' },
  });
});
