import { Link } from 'wouter';
import { PageHero } from '../../components/PageHero.tsx';
import type { ContentPath } from '../../links.ts';
import { CONTENT } from './texts.ts';

/** One footer page (mission, returns, privacy, ...): its text comes from texts.ts. */
export default function ContentPage({ path }: { path: ContentPath }) {
  const { title, intro, sections, action } = CONTENT[path];
  return (
    <>
      <PageHero title={title} text={intro} />
      <article className="mx-auto max-w-3xl space-y-8 px-4 py-12">
        {sections.map(({ heading, text }) => (
          <section key={heading}>
            <h2 className="text-xl font-semibold">{heading}</h2>
            <p className="mt-2 text-base-content/80">{text}</p>
          </section>
        ))}
        {action && (
          <Link href={action.href} className="btn btn-primary">
            {action.label}
          </Link>
        )}
      </article>
    </>
  );
}
