import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { NOTICES } from '../../../../domain/notices.ts';
import { DEFAULT_RATING } from '../../../../domain/review/schemas.ts';
import { type ApiError, call, server } from '../../api/client.ts';
import { formatDate } from '../../format.ts';
import { toast } from '../../state/toasts.ts';
import type { Review } from './types.ts';

const RATINGS = [1, 2, 3, 4, 5] as const;
const MAX_COMMENT_LENGTH = 2000;

/** The toast for a refused review: the spec's two notices, or the server's reason under `title`. */
function refusal(error: ApiError, title: string) {
  if (error.status === 401) return NOTICES.loginToReview;
  if (error.status === 403) return NOTICES.purchaseRequired;
  return { title, description: error.message };
}

interface ReviewFormProps {
  productId: string;
  /** The buyer's earlier review: the form starts from it, and submitting updates it. */
  existing: Review | undefined;
  onSaved: (position: number) => void;
}

/** Rating 1-5 (default 5) and a comment; submit is disabled while the comment is empty. */
export function ReviewForm({ productId, existing, onSaved }: ReviewFormProps) {
  const { t } = useLingui();
  const [rating, setRating] = useState(existing?.rating ?? DEFAULT_RATING);
  const [comment, setComment] = useState(existing?.comment ?? '');
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await call(
        server.products[':id'].reviews.$post({
          param: { id: encodeURIComponent(productId) },
          json: { rating, comment },
        }),
      );
      toast({ title: saved.title, description: saved.message });
      setRating(DEFAULT_RATING);
      setComment('');
      onSaved(saved.position);
    } catch (error) {
      toast({ ...refusal(error as ApiError, t`Error`), tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        {existing ? <Trans>Update your review</Trans> : <Trans>Write a review</Trans>}
      </h3>
      {existing && <ReviewedOn day={formatDate(existing.updatedAt)} />}
      <fieldset>
        <legend className="mb-1 text-sm font-medium">
          <Trans>Your rating</Trans>
        </legend>
        <div className="rating rating-lg gap-1">
          {RATINGS.map((value) => (
            <input
              key={value}
              type="radio"
              name="rating"
              value={value}
              className="mask mask-star-2 bg-amber-500"
              aria-label={plural(value, { one: '# star', other: '# stars' })}
              checked={rating === value}
              onChange={() => setRating(value)}
            />
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-comment`} className="mb-1 block text-sm font-medium">
          <Trans>Your review</Trans>
        </label>
        <textarea
          id={`${id}-comment`}
          name="comment"
          className="textarea w-full"
          rows={4}
          maxLength={MAX_COMMENT_LENGTH}
          placeholder={t`What did you like or dislike?`}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary self-start" disabled={busy || comment.trim() === ''}>
        {busy ? <Trans>Submitting...</Trans> : existing ? <Trans>Update Review</Trans> : <Trans>Submit Review</Trans>}
      </button>
    </form>
  );
}

function ReviewedOn({ day }: { day: string }) {
  return (
    <p className="text-sm text-base-content/80">
      <Trans>You reviewed this product on {day}. Submitting again updates your review.</Trans>
    </p>
  );
}
