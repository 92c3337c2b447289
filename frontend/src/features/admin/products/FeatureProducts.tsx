import { useLingui } from '@lingui/react/macro';
import { call, server } from '../../../api/client.ts';
import { useLiveEvent } from '../../../state/live.ts';
import { AdminList } from '../AdminList.tsx';
import { useListCommands } from '../commands.ts';
import { usePagedGet } from '../paging.tsx';
import { SearchForm } from '../SearchForm.tsx';
import type { CatalogProduct } from '../types.ts';
import { useFilters } from '../url.ts';
import { FeatureRow } from './FeatureRow.tsx';

/** The catalog as buyers see it (featured first), searched by `?q=`, to feature or unfeature products. */
export function FeatureProducts() {
  const { t } = useLingui();
  const [{ q }, setFilters] = useFilters(['q']);
  const [catalog, paging] = usePagedGet(
    (page, options) => server.products.$get({ query: { q: q || undefined, ...page } }, options),
    [q],
    t`Failed to load products`,
  );
  const commands = useListCommands(catalog.reload, catalog.data?.items.map((product) => product.id) ?? []);

  // Featured elsewhere (another admin), edited or sold: the row follows.
  useLiveEvent('product.changed', (changed) =>
    catalog.update((page) => ({
      ...page,
      items: page.items.map((product) => (product.id === changed.id ? changed : product)),
    })),
  );

  function toggle(product: CatalogProduct) {
    const routes = server.admin.products[':id'];
    const action = product.featured ? routes.unfeature : routes.feature;
    const productName = product.name;
    void commands.run(product.id, {
      send: () => call(action.$post({ param: { id: encodeURIComponent(product.id) } })),
      done: product.featured
        ? {
            title: t`Product unfeatured`,
            description: t`${productName} no longer shows among the featured products at the top of the catalog.`,
          }
        : {
            title: t`Product featured`,
            description: t`${productName} now shows among the featured products at the top of the catalog.`,
          },
      failed: product.featured ? t`Error unfeaturing product` : t`Error featuring product`,
    });
  }

  return (
    <AdminList
      title={t`Featured Products`}
      description={t`Featured products come first in the catalog, the newest first. Search the products on sale to feature one.`}
      headingRef={commands.heading}
      toolbar={
        <SearchForm
          label={t`Search products on sale`}
          placeholder={t`Name, description or tag`}
          value={q}
          onSearch={(text) => setFilters({ q: text })}
        />
      }
      resource={catalog}
      paging={paging}
      what={t`the catalog`}
      empty={{ title: q ? t`No products match your search` : t`No products on sale yet` }}
      rowSkeleton="h-20"
    >
      {(product) => (
        <FeatureRow
          key={product.id}
          product={product}
          busy={commands.busyId === product.id}
          onToggle={() => toggle(product)}
        />
      )}
    </AdminList>
  );
}
