import { type Data, server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { ContentSections } from './ContentPage.tsx';
import { CONTENT } from './texts.ts';

/** GET /returns/policy: the window after delivery, and every category with whether it takes returns. */
type Policy = Data<typeof server.returns.policy.$get>;

/** "A, B and C" */
function listOf(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The policy's rules in words: the window after delivery, and the categories that take no returns. */
function policySections({ windowDays, categories }: Policy) {
  const excluded = categories.filter((category) => !category.returnable).map((category) => category.name);
  return [
    {
      heading: 'The return window',
      text: `You can ask to return items within ${windowDays} ${windowDays === 1 ? 'day' : 'days'} of their delivery. Each seller sends their part of your order on its own, so the days count from the day that part was delivered.`,
    },
    {
      heading: 'What can be returned',
      text:
        excluded.length === 0
          ? 'Items of every category can be returned.'
          : `Items of every category can be returned except ${listOf(excluded)}, which cannot be taken back once delivered.`,
    },
  ];
}

/** /returns: the policy the server enforces (GET /returns/policy), then how to ask, who decides, and what is refunded. */
export default function ReturnsPage() {
  const policy = useApiGet(
    (options) => server.returns.policy.$get({}, options),
    [],
    'Failed to load the returns policy',
  );
  const { title, intro, sections, action } = CONTENT['/returns'];
  return (
    <>
      <PageHero title={title} text={intro} />
      <article className="mx-auto max-w-3xl space-y-8 px-4 py-12">
        {policy.loading ? (
          <div className="space-y-8" aria-busy="true" aria-label="Loading the returns policy">
            <Skeleton className="h-20 rounded-box" />
            <Skeleton className="h-20 rounded-box" />
          </div>
        ) : policy.failed ? (
          <LoadFailed what="the returns policy" onRetry={() => void policy.reload()} />
        ) : (
          <ContentSections sections={policySections(policy.data!)} />
        )}
        <ContentSections sections={sections} action={action} />
      </article>
    </>
  );
}
