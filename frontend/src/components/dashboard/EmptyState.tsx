import type { ReactNode } from 'react';

/** What a dashboard list shows when it has nothing yet: a title, a line of text and an action. */
export function EmptyState({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <div className="card items-center border border-dashed border-base-300 px-6 py-12 text-center">
      <p className="text-lg font-semibold">{title}</p>
      {text && <p className="mt-1 text-base-content/80">{text}</p>}
      {children && <div className="mt-6">{children}</div>}
    </div>
  );
}
