import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  text?: string;
  /** The title is the heading (h2) of what the page shows; otherwise bold text under its section's own heading (dashboard lists). */
  heading?: boolean;
  /** The way on: a button or a link. */
  children?: ReactNode;
}

/** What a list shows when it has nothing (or could not be loaded): a title, a line of text and an action. */
export function EmptyState({ title, text, heading = false, children }: EmptyStateProps) {
  return (
    <div
      className={`card items-center border border-dashed border-base-300 text-center ${heading ? 'p-12' : 'px-6 py-12'}`}
    >
      {heading ? <h2 className="text-xl font-semibold">{title}</h2> : <p className="text-lg font-semibold">{title}</p>}
      {text && <p className={`${heading ? 'mt-2' : 'mt-1'} text-base-content/80`}>{text}</p>}
      {children && <div className="mt-6">{children}</div>}
    </div>
  );
}
