import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { call, readAfter, server } from '../../api/client.ts';
import { session, sessionKnown } from '../../state/session.ts';
import type { ReviewEligibility, Reviews } from './types.ts';

/** GET /products/{id}/reviews and its /eligibility. */
const productReviews = server.products[':id'].reviews;

interface ForProduct<T> {
  productId: string;
  data: T | null;
}

/** Awaits `request` into `set`, with null data when it fails; returns the effect's cleanup. */
function load<T>(
  request: Promise<T>,
  productId: string,
  what: string,
  set: (loaded: ForProduct<T>) => void,
): () => void {
  let active = true;
  request.then(
    (data) => active && set({ productId, data }),
    (error: unknown) => {
      console.error(`Could not load the ${what}`, error);
      if (active) set({ productId, data: null });
    },
  );
  return () => {
    active = false;
  };
}

/**
 * The reviews of a product and whether the caller may write one (again whenever the user
 * changes). After `saved(position)` both are read again, waiting for the review to show.
 * The previous answer stays up while a new one loads, so the section does not jump.
 */
export function useReviews(productId: string) {
  useSignals();
  const userId = sessionKnown.value ? (session.value?.id ?? null) : undefined;
  const [after, setAfter] = useState<number>();
  const [list, setList] = useState<ForProduct<Reviews> | null>(null);
  const [eligibility, setEligibility] = useState<ForProduct<ReviewEligibility> | null>(null);
  // A product id from the address bar may hold any character.
  const param = { id: encodeURIComponent(productId) };

  useEffect(
    () => load(call(productReviews.$get({ param }, readAfter(after))), productId, 'reviews', setList),
    [productId, after],
  );
  useEffect(() => {
    if (userId === undefined) return;
    return load(
      call(productReviews.eligibility.$get({ param }, readAfter(after))),
      productId,
      'review eligibility',
      setEligibility,
    );
  }, [productId, after, userId]);

  const shownList = list?.productId === productId ? list : null;
  const shownEligibility = eligibility?.productId === productId ? eligibility : null;
  return {
    reviews: shownList?.data ?? null,
    reviewsLoading: !shownList,
    eligibility: shownEligibility?.data ?? null,
    eligibilityLoading: !shownEligibility,
    saved: setAfter,
  };
}
