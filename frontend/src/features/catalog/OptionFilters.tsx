import { useLingui } from '@lingui/react/macro';
import { server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { ALL_CATEGORIES, type ProductFilters, asksFor, optionParam, withOption } from './filters.ts';

interface OptionFiltersProps {
  filters: ProductFilters;
  onFilters: (filters: ProductFilters) => void;
}

/**
 * A group of checkboxes per option (Colour: Red, Indigo), with the values the products of the
 * category shown have (GET /products/options): any value ticked of an option will do.
 */
export function OptionFilters({ filters, onFilters }: OptionFiltersProps) {
  const { t } = useLingui();
  const { category } = filters;
  const { data } = useApiGet(
    (options) =>
      server.products.options.$get(
        { query: { category: category === ALL_CATEGORIES ? undefined : category } },
        options,
      ),
    [category],
    t`Failed to load filters`,
  );
  if (!data || data.items.length === 0) return null;
  return (
    <div className="mb-3 flex flex-col gap-3">
      {data.items.map(({ name, values }) => (
        <fieldset key={name}>
          <legend className="mb-1 font-semibold" dir="auto">
            {name}
          </legend>
          <div className="flex flex-wrap gap-2">
            {values.map((value) => (
              <label key={value} className="label cursor-pointer gap-2 rounded-box border border-base-300 px-3 py-1">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm checkbox-primary"
                  checked={asksFor(filters, optionParam(name, value))}
                  onChange={(event) => onFilters(withOption(filters, optionParam(name, value), event.target.checked))}
                />
                <span className="text-base-content" dir="auto">
                  {value}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
