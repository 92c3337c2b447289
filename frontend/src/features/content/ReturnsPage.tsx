import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type Data, server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { categoryName } from '../../i18n/domain-labels.ts';
import { formatLocale } from '../../i18n/i18n.ts';
import { ContentSections } from './ContentPage.tsx';
import { CONTENT, type ContentSection } from './texts.ts';

/** GET /returns/policy: the window after delivery, and every category with whether it takes returns. */
type Policy = Data<typeof server.returns.policy.$get>;

/** The policy's rules in words: the window after delivery, and the categories that take no returns. */
function policySections({ windowDays, categories }: Policy): ContentSection[] {
  // "A, B and C" in the language on screen.
  const excluded = new Intl.ListFormat(formatLocale(), { type: 'conjunction' }).format(
    categories.filter((category) => !category.returnable).map(categoryName),
  );
  return [
    {
      heading: msg`The return window`,
      text: msg`You can ask to return items within ${plural(windowDays, { one: '# day', other: '# days' })} of their delivery. Each seller sends their part of your order on its own, so the days count from the day that part was delivered.`,
    },
    {
      heading: msg`What can be returned`,
      text:
        excluded === ''
          ? msg`Items of every category can be returned.`
          : msg`Items of every category can be returned except ${excluded}, which cannot be taken back once delivered.`,
    },
  ];
}

/** /returns: the policy the server enforces (GET /returns/policy), then how to ask, who decides, and what is refunded. */
export default function ReturnsPage() {
  const { t } = useLingui();
  const policy = useApiGet(
    (options) => server.returns.policy.$get({}, options),
    [],
    t`Failed to load the returns policy`,
  );
  const { title, intro, sections, action } = CONTENT['/returns'];
  return (
    <>
      <PageHero title={t(title)} text={t(intro)} />
      <article className="mx-auto max-w-3xl space-y-8 px-4 py-12">
        {policy.loading ? (
          <div className="space-y-8" aria-busy="true" aria-label={t`Loading the returns policy`}>
            <Skeleton className="h-20 rounded-box" />
            <Skeleton className="h-20 rounded-box" />
          </div>
        ) : policy.failed ? (
          <LoadFailed what={t`the returns policy`} onRetry={() => void policy.reload()} />
        ) : (
          <ContentSections sections={policySections(policy.data!)} />
        )}
        <ContentSections sections={sections} action={action} />
      </article>
    </>
  );
}
