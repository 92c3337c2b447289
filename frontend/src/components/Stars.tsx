import { useLingui } from '@lingui/react/macro';
const STAR_COUNT = 5;

function StarRow({ className, size }: { className: string; size: string }) {
  return (
    <span className="flex w-max gap-0.5">
      {Array.from({ length: STAR_COUNT }, (_, index) => (
        <span key={index} className={`mask mask-star-2 shrink-0 ${size} ${className}`} />
      ))}
    </span>
  );
}

/** A rating out of 5 as stars, filled to the exact fraction (4.5 fills four and a half). */
export function Stars({ rating, size = 'size-4' }: { rating: number; size?: string }) {
  const { t } = useLingui();
  const filled = `${(Math.min(Math.max(rating, 0), STAR_COUNT) / STAR_COUNT) * 100}%`;
  return (
    <span role="img" aria-label={t`Rated ${rating} out of ${STAR_COUNT}`} className="relative inline-flex shrink-0">
      <StarRow className="bg-base-300" size={size} />
      {/* Set through the CSSOM: the page's policy refuses style attributes in the HTML the server draws (api/http/page-render.ts). */}
      <span
        className="absolute inset-y-0 left-0 overflow-hidden"
        ref={(element) => {
          if (element) element.style.width = filled;
        }}
      >
        <StarRow className="bg-amber-500" size={size} />
      </span>
    </span>
  );
}
