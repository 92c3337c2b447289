import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { formatNumber } from '../../format.ts';
import { categoryDescription, categoryName } from '../../i18n/domain-labels.ts';
import { useCategories } from '../catalog/categories.ts';
import type { Category } from '../catalog/types.ts';

const SKELETON_CARDS = 6;

/** Whether the category's name or description, as shown (or as the API gives them), contains `needle`. */
function matches(category: Category, needle: string): boolean {
  return [category.name, category.description, categoryName(category), categoryDescription(category)].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

/**
 * /categories: every category with its product count, searchable by name or description. A
 * feature of its own: its texts load with the catalogs beyond the first page, not with the shop's.
 */
export default function CategoriesPage() {
  const { t } = useLingui();
  const { data, loading } = useCategories();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const categories = data?.items ?? [];
  const needle = query.trim().toLowerCase();
  const shown = needle ? categories.filter((category) => matches(category, needle)) : categories;
  const totalProducts = categories.reduce((total, category) => total + category.productCount, 0);

  return (
    <>
      <PageHero
        title={t`Shop by Category`}
        text={t`Explore authentic Indian products, from handloom textiles to Ayurvedic wellness, each made by verified sellers.`}
      />
      <div className="mx-auto max-w-7xl px-4 py-12">
        <ul className="grid gap-4 sm:grid-cols-3">
          <StatCard icon="package" label={t`Total Products`} value={loading ? null : formatNumber(totalProducts)} />
          <StatCard icon="layers" label={t`Categories`} value={loading ? null : formatNumber(categories.length)} />
          <StatCard icon="shieldCheck" label={t`Made in India`} value="100%" />
        </ul>

        <div className="mt-10 flex gap-3">
          <label htmlFor={searchId} className="sr-only">
            <Trans>Search categories</Trans>
          </label>
          <div className="input flex-1">
            <Icon name="search" className="size-4 opacity-70" />
            <input
              id={searchId}
              type="search"
              className="grow"
              placeholder={t`Search categories...`}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
          <button type="button" className="btn btn-outline">
            <Icon name="filter" className="size-4" /> <Trans>Filter</Trans>
          </button>
        </div>

        <section className="mt-8" aria-label={t`Categories`} aria-busy={loading}>
          {loading ? (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {Array.from({ length: SKELETON_CARDS }, (_, index) => (
                <li key={index} className="card gap-3 border border-base-300 p-6">
                  <Skeleton className="h-7 w-1/2" />
                  <Skeleton className="h-10 w-full" />
                  <Skeleton className="h-6 w-24" />
                  <Skeleton className="h-10 w-full" />
                </li>
              ))}
            </ul>
          ) : shown.length > 0 ? (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((category) => (
                <li key={category.id}>
                  <CategoryCard category={category} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState
              heading
              title={t`No Categories Found`}
              text={needle ? t`Try a different search term` : t`Categories will appear here`}
            >
              <button type="button" className="btn btn-outline" onClick={() => setQuery('')}>
                <Trans>Clear Search</Trans>
              </button>
            </EmptyState>
          )}
        </section>

        <div className="mt-12 flex flex-wrap justify-center gap-3">
          <Link href="/products" className="btn btn-primary">
            <Trans>View All Products</Trans>
          </Link>
          <Link href="/dashboard/seller" className="btn btn-outline btn-secondary">
            <Trans>Become a Seller</Trans>
          </Link>
        </div>
      </div>
    </>
  );
}

/** A headline figure; `value` null while it loads (a placeholder of the same size). */
function StatCard({ icon, label, value }: { icon: IconName; label: string; value: string | null }) {
  return (
    <li className="card flex-row items-center gap-4 bg-base-200 p-6">
      <span className="grid size-12 place-items-center rounded-full bg-primary text-primary-content">
        <Icon name={icon} className="size-6" />
      </span>
      <p className="flex flex-col">
        <span className="h-9 text-3xl font-bold">{value ?? <Skeleton className="h-9 w-16" />}</span>
        <span className="text-sm text-base-content/80">{label}</span>
      </p>
    </li>
  );
}

function CategoryCard({ category }: { category: Category }) {
  return (
    <article className="card h-full gap-3 border border-base-300 p-6 transition hover:shadow-md">
      <h2 className="text-xl font-semibold">{categoryName(category)}</h2>
      <p className="min-h-10 text-sm text-base-content/80">
        {categoryDescription(category) || <Trans>Explore authentic Indian products in this category.</Trans>}
      </p>
      <span className="badge badge-outline badge-primary">
        <ProductCount count={category.productCount} />
      </span>
      <Link href={`/products?category=${encodeURIComponent(category.id)}`} className="btn btn-primary mt-auto">
        <Trans>Browse Products</Trans>
      </Link>
    </article>
  );
}

function ProductCount({ count }: { count: number }) {
  return <Plural value={count} one="# product" other="# products" />;
}
