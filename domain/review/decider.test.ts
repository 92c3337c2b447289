import { describe, it } from 'vitest';
import { AT, actors, given } from '../testing.ts';
import { type ReviewCommand, reviewDecider } from './decider.ts';
import type { ReviewEvent } from './events.ts';

const actor = actors.buyer;
const submit: ReviewCommand = {
  type: 'SubmitReview',
  actor,
  productId: 'p-1',
  authorName: 'Asha Rao',
  rating: 5,
  comment: 'Beautiful weave.',
  hasDeliveredPurchase: true,
  at: AT,
};
const submitted: ReviewEvent = {
  type: 'ReviewSubmitted',
  data: {
    productId: 'p-1',
    buyerId: actor.userId,
    authorName: 'Asha Rao',
    rating: 5,
    comment: 'Beautiful weave.',
    at: AT,
  },
};

describe('SubmitReview', () => {
  it('records the review of a verified purchaser', () => {
    given(reviewDecider).when(submit).then([submitted]);
  });

  it('is only for buyers with a delivered order of the product', () => {
    given(reviewDecider)
      .when({ ...submit, hasDeliveredPurchase: false })
      .then({ code: 'purchase_required', kind: 'forbidden', message: "You can only review products you've purchased" });
  });

  it('edits the review when the buyer submits again', () => {
    given(reviewDecider, [submitted])
      .when({ ...submit, rating: 4, comment: 'Beautiful weave, slow delivery.' })
      .then([
        {
          type: 'ReviewEdited',
          data: {
            productId: 'p-1',
            buyerId: actor.userId,
            rating: 4,
            comment: 'Beautiful weave, slow delivery.',
            at: AT,
          },
        },
      ]);
  });

  it('records nothing for the same review again', () => {
    given(reviewDecider, [submitted]).when(submit).then([]);
  });
});
