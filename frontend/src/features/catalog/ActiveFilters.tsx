import { Icon } from '../../components/Icon.tsx';
import { ALL_CATEGORIES, CERTIFIED_LABELS, type ProductFilters, withOption } from './filters.ts';
import type { Category } from './types.ts';

/** Every product is from a verified seller and made in India: always on, so shown but not removable. */
const ALWAYS_ON = ['Verified Sellers', 'Made in India'];

/** The filters in force: the search, category and option values (each removable), and the two that always hold. */
interface ActiveFiltersProps {
  categories: Category[] | null;
  filters: ProductFilters;
  onFilters: (filters: ProductFilters) => void;
}

export function ActiveFilters({ categories, filters, onFilters }: ActiveFiltersProps) {
  const categoryName = categories?.find((category) => category.id === filters.category)?.name ?? filters.category;

  return (
    <div className="flex min-h-8 flex-wrap items-center gap-2 text-sm">
      <span className="font-medium">Active filters:</span>
      {filters.q && (
        <RemovableChip label={`“${filters.q}”`} what="search" onRemove={() => onFilters({ ...filters, q: '' })} />
      )}
      {filters.category !== ALL_CATEGORIES && (
        <RemovableChip
          label={categoryName}
          what="category"
          onRemove={() => onFilters({ ...filters, category: ALL_CATEGORIES })}
        />
      )}
      {filters.options.map((option) => (
        <RemovableChip
          key={option}
          label={option.replace(':', ': ')}
          what="option"
          onRemove={() => onFilters(withOption(filters, option, false))}
        />
      ))}
      {filters.certified && (
        <RemovableChip
          label={CERTIFIED_LABELS[filters.certified]}
          what="filter"
          onRemove={() => onFilters({ ...filters, certified: null })}
        />
      )}
      {ALWAYS_ON.map((label) => (
        <span key={label} className="badge badge-outline badge-secondary gap-1">
          <Icon name="shieldCheck" className="size-3.5" />
          {label}
        </span>
      ))}
    </div>
  );
}

function RemovableChip({ label, what, onRemove }: { label: string; what: string; onRemove: () => void }) {
  return (
    <span className="badge badge-primary gap-1 pr-0.5">
      {label}
      <button
        type="button"
        className="btn btn-ghost btn-circle btn-xs text-primary-content"
        aria-label={`Remove ${what} ${label}`}
        onClick={onRemove}
      >
        <Icon name="close" className="size-3" />
      </button>
    </span>
  );
}
