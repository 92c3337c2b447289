import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { categoryName } from '../../i18n/domain-labels.ts';
import {
  ALL_CATEGORIES,
  CERTIFIED,
  CERTIFIED_LABELS,
  type ProductFilters,
  type ProductSort,
  SORT_OPTIONS,
} from './filters.ts';
import { OptionFilters } from './OptionFilters.tsx';
import type { CardLayout } from './ProductCard.tsx';
import type { Category } from './types.ts';

interface ToolbarProps {
  /** Null while they load. */
  categories: Category[] | null;
  filters: ProductFilters;
  onFilters: (filters: ProductFilters) => void;
  layout: CardLayout;
  onLayout: (layout: CardLayout) => void;
}

const LAYOUTS: Array<{ layout: CardLayout; label: MessageDescriptor }> = [
  { layout: 'grid', label: msg`Grid` },
  { layout: 'list', label: msg`List` },
];

/** Search, category, sort, grid or list, and More Filters (the option values, such as colours). */
export function Toolbar({ categories, filters, onFilters, layout, onLayout }: ToolbarProps) {
  const { t } = useLingui();
  // Open when the page's address asks for option values already.
  const [moreShown, setMoreShown] = useState(filters.options.length > 0);
  const id = useId();

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onFilters({ ...filters, q: String(new FormData(event.currentTarget).get('q') ?? '').trim() });
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-3">
        <form
          noValidate
          role="search"
          aria-label={t`Products`}
          className="join basis-full md:basis-64 md:flex-1"
          onSubmit={search}
        >
          <label htmlFor={`${id}-q`} className="sr-only">
            <Trans>Search products</Trans>
          </label>
          <div className="input join-item w-full">
            <Icon name="search" className="size-4 opacity-70" />
            {/* Keyed by the query, so a search from the header shows here too. */}
            <input
              key={filters.q}
              id={`${id}-q`}
              type="search"
              name="q"
              className="grow"
              defaultValue={filters.q}
              placeholder={t`Search products...`}
            />
          </div>
          <button type="submit" className="btn btn-primary join-item">
            <Trans>Search</Trans>
          </button>
        </form>

        <label htmlFor={`${id}-category`} className="sr-only">
          <Trans>Category</Trans>
        </label>
        <select
          id={`${id}-category`}
          className="select min-w-40 flex-1 md:w-48 md:flex-none"
          value={filters.category}
          disabled={!categories}
          // Option values are the category's: another category starts without them.
          onChange={(event) => onFilters({ ...filters, category: event.target.value, options: [] })}
        >
          <option value={ALL_CATEGORIES}>{t`All Categories`}</option>
          {categories?.map((category) => (
            <option key={category.id} value={category.id}>
              {categoryName(category)}
            </option>
          ))}
        </select>

        <label htmlFor={`${id}-sort`} className="sr-only">
          <Trans>Sort by</Trans>
        </label>
        <select
          id={`${id}-sort`}
          className="select min-w-40 flex-1 md:w-52 md:flex-none"
          value={filters.sort}
          onChange={(event) => onFilters({ ...filters, sort: event.target.value as ProductSort })}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {t(option.label)}
            </option>
          ))}
        </select>

        <div role="group" aria-label={t`View`} className="join">
          {LAYOUTS.map((choice) => (
            <button
              key={choice.layout}
              type="button"
              className={`btn join-item ${layout === choice.layout ? 'btn-active btn-neutral' : ''}`}
              aria-pressed={layout === choice.layout}
              onClick={() => onLayout(choice.layout)}
            >
              {t(choice.label)}
            </button>
          ))}
        </div>

        <div role="group" aria-label={t`Certified`} className="join">
          {CERTIFIED.map((certified) => (
            <button
              key={certified}
              type="button"
              className={`btn join-item ${filters.certified === certified ? 'btn-active btn-neutral' : ''}`}
              aria-pressed={filters.certified === certified}
              onClick={() => onFilters({ ...filters, certified: filters.certified === certified ? null : certified })}
            >
              {t(CERTIFIED_LABELS[certified])}
            </button>
          ))}
        </div>

        <button
          type="button"
          className="btn btn-outline"
          aria-expanded={moreShown}
          aria-controls={`${id}-more`}
          onClick={() => setMoreShown(!moreShown)}
        >
          <Icon name="filter" className="size-4" /> <Trans>More Filters</Trans>
        </button>
      </div>
      {moreShown && (
        <div id={`${id}-more`} className="rounded-box bg-base-200 p-4 text-sm">
          <OptionFilters filters={filters} onFilters={onFilters} />
          <p>
            <Trans>Every product on MIBI already comes from a verified seller and is made in India.</Trans>
          </p>
        </div>
      )}
    </div>
  );
}
