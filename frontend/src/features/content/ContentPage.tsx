import { Link } from 'wouter';
import { PageHero } from '../../components/PageHero.tsx';
import type { ContentPath } from '../../links.ts';
import { CONTENT } from './texts.ts';

type Page = (typeof CONTENT)[ContentPath];

/** A page's sections, then its call to action. */
export function ContentSections({ sections, action }: Pick<Page, 'sections' | 'action'>) {
  return (
    <>
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
    </>
  );
}

/** One footer page (mission, privacy, ...): its text comes from texts.ts. */
export default function ContentPage({ path }: { path: ContentPath }) {
  const { title, intro, sections, action } = CONTENT[path];
  return (
    <>
      <PageHero title={title} text={intro} />
      <article className="mx-auto max-w-3xl space-y-8 px-4 py-12">
        <ContentSections sections={sections} action={action} />
      </article>
    </>
  );
}
