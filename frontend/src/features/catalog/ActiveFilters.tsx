import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../components/Icon.tsx';
import { categoryName } from '../../i18n/domain-labels.ts';
import { ALL_CATEGORIES, CERTIFIED_LABELS, type ProductFilters, withOption } from './filters.ts';
import type { Category } from './types.ts';

/** Every product is from a verified seller and made in India: always on, so shown but not removable. */
const ALWAYS_ON = [msg`Verified Sellers`, msg`Made in India`];

/** The filters in force: the search, category and option values (each removable), and the two that always hold. */
interface ActiveFiltersProps {
  categories: Category[] | null;
  filters: ProductFilters;
  onFilters: (filters: ProductFilters) => void;
}

export function ActiveFilters({ categories, filters, onFilters }: ActiveFiltersProps) {
  const { t } = useLingui();
  const category = categories?.find(({ id }) => id === filters.category);
  const categoryLabel = category ? categoryName(category) : filters.category;
  const search = `“${filters.q}”`;
  const certified = filters.certified && t(CERTIFIED_LABELS[filters.certified]);

  return (
    <div className="flex min-h-8 flex-wrap items-center gap-2 text-sm">
      <span className="font-medium">
        <Trans>Active filters:</Trans>
      </span>
      {filters.q && (
        <RemovableChip
          label={search}
          remove={t`Remove search ${search}`}
          onRemove={() => onFilters({ ...filters, q: '' })}
          written
        />
      )}
      {filters.category !== ALL_CATEGORIES && (
        <RemovableChip
          label={categoryLabel}
          remove={t`Remove category ${categoryLabel}`}
          onRemove={() => onFilters({ ...filters, category: ALL_CATEGORIES })}
        />
      )}
      {filters.options.map((option) => {
        const value = option.replace(':', ': ');
        return (
          <RemovableChip
            key={option}
            label={value}
            remove={t`Remove option ${value}`}
            onRemove={() => onFilters(withOption(filters, option, false))}
            written
          />
        );
      })}
      {certified && (
        <RemovableChip
          label={certified}
          remove={t`Remove filter ${certified}`}
          onRemove={() => onFilters({ ...filters, certified: null })}
        />
      )}
      {ALWAYS_ON.map((label) => (
        <span key={label.id} className="badge badge-outline badge-secondary gap-1">
          <Icon name="shieldCheck" className="size-3.5" />
          {t(label)}
        </span>
      ))}
    </div>
  );
}

/** A filter in force and its remove button; `written`: what a buyer typed or a seller named, shown as written. */
function RemovableChip({
  label,
  remove,
  onRemove,
  written = false,
}: {
  label: string;
  remove: string;
  onRemove: () => void;
  written?: boolean;
}) {
  return (
    <span className="badge badge-primary gap-1 pr-0.5">
      <span dir={written ? 'auto' : undefined}>{label}</span>
      <button
        type="button"
        className="btn btn-ghost btn-circle btn-xs text-primary-content"
        aria-label={remove}
        onClick={onRemove}
      >
        <Icon name="close" className="size-3" />
      </button>
    </span>
  );
}
