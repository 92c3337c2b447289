import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import type { ReviewEligibility, ReviewList } from '../../api/types.ts';
import { session, sessionKnown } from '../../state/session.ts';

interface ForProduct<T> {
  productId: string;
  data: T | null;
}

/** GETs `path` into `set`, with null data when it fails; returns the effect's cleanup. */
function load<T>(path: string, productId: string, what: string, set: (loaded: ForProduct<T>) => void): () => void {
  let active = true;
  api.get<T>(path).then(
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
  const [after, setAfter] = useState(0);
  const [list, setList] = useState<ForProduct<ReviewList> | null>(null);
  const [eligibility, setEligibility] = useState<ForProduct<ReviewEligibility> | null>(null);
  const path = `/products/${encodeURIComponent(productId)}/reviews`;
  const query = after > 0 ? `?after=${after}` : '';

  useEffect(() => load(`${path}${query}`, productId, 'reviews', setList), [productId, path, query]);
  useEffect(() => {
    if (userId !== undefined) return load(`${path}/eligibility${query}`, productId, 'review eligibility', setEligibility);
  }, [productId, path, query, userId]);

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
