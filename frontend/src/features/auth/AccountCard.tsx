import type { ReactNode } from 'react';

/**
 * The narrow centred card of the account pages: sign in and up, forgot and reset password.
 * `documentTitle` names the page in the browser's tab when the heading says too little.
 */
export function AccountCard({
  title,
  text,
  documentTitle,
  children,
}: {
  title: string;
  text: string;
  documentTitle?: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <div className="card border border-base-300 bg-base-100 p-6 shadow-sm">
        <h1 className="text-2xl font-bold" data-title={documentTitle}>
          {title}
        </h1>
        <p className="mt-2 mb-6 text-base-content/80">{text}</p>
        {children}
      </div>
    </section>
  );
}
