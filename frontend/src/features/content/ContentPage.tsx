import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { PageHero } from '../../components/PageHero.tsx';
import type { ContentPath } from '../../links.ts';
import { CONTENT, type ContentText } from './texts.ts';

/** A page's sections, then its call to action, in the language on screen. */
export function ContentSections({ sections, action }: Pick<ContentText, 'sections' | 'action'>) {
  const { t } = useLingui();
  return (
    <>
      {sections.map(({ heading, text }) => (
        <section key={heading.id}>
          <h2 className="text-xl font-semibold">{t(heading)}</h2>
          <p className="mt-2 text-base-content/80">{t(text)}</p>
        </section>
      ))}
      {action && (
        <Link href={action.href} className="btn btn-primary">
          {t(action.label)}
        </Link>
      )}
    </>
  );
}

/** One footer page (mission, privacy, ...): its text comes from texts.ts. */
export default function ContentPage({ path }: { path: ContentPath }) {
  const { t } = useLingui();
  const { title, intro, sections, action } = CONTENT[path];
  return (
    <>
      <PageHero title={t(title)} text={t(intro)} />
      <article className="mx-auto max-w-3xl space-y-8 px-4 py-12">
        <ContentSections sections={sections} action={action} />
      </article>
    </>
  );
}
