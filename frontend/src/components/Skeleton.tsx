/** A grey placeholder sized by `className` like the content it stands for, so nothing moves when data arrives. */
export function Skeleton({ className }: { className: string }) {
  // A span, so it may also stand in for text inside a paragraph.
  return <span className={`skeleton block ${className}`} aria-hidden="true" />;
}
