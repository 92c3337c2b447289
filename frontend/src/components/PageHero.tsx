import type { ReactNode } from 'react';

/** The band that opens a page: saffron-to-green wash, the page's h1, a line of text and optional actions. */
export function PageHero({ title, text, children }: { title: ReactNode; text: string; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-br from-orange-50 via-base-100 to-green-50">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center md:py-20">
        <h1 className="text-4xl font-extrabold tracking-tight text-balance md:text-5xl">{title}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-base-content/80">{text}</p>
        {children && <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>}
      </div>
    </section>
  );
}
