import type { MessageDescriptor } from '@lingui/core';
import { msg, ph } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { VariantMadeToOrder } from '../../../../domain/product/made-to-order.ts';
import { MAX_OPTIONS } from '../../../../domain/product/variants.ts';
import { CARD } from '../../components/cardTable.ts';
import { Icon } from '../../components/Icon.tsx';
import type { FieldErrors } from '../../forms.ts';
import type { GalleryEntry } from './gallery.ts';
import { Thumbnail } from './ImagePicker.tsx';
import {
  type BulkField,
  type OptionDraft,
  type VariantRowText,
  type VariantsValue,
  optionsOf,
  rowLabel,
  rowsFor,
  withAll,
} from './variantGrid.ts';

interface VariantsEditorProps {
  value: VariantsValue;
  onChange: (value: VariantsValue) => void;
  /** The gallery, for each variant's pictures. */
  entries: readonly GalleryEntry[];
  /** The product's name and prices as typed: new combinations start from them. */
  defaults: () => { name: string; price: string; originalPrice: string };
  errors: FieldErrors;
  /** The labels of the variants a verified product's seller added that wait for an admin's review. */
  waiting?: ReadonlySet<string>;
}

const COLUMNS: Array<{
  field: 'sku' | 'price' | 'originalPrice' | 'stockQuantity';
  label: MessageDescriptor;
  numeric: boolean;
}> = [
  { field: 'sku', label: msg`SKU`, numeric: false },
  { field: 'price', label: msg`Price (₹)`, numeric: true },
  { field: 'originalPrice', label: msg`Original price (₹)`, numeric: true },
  { field: 'stockQuantity', label: msg`Stock`, numeric: true },
];

/** A variant's made-to-order choices: the product's setting is one of them, as a variant may ship from stock though the product is made to order. */
const MADE_TO_ORDER_CHOICES: Array<{ value: VariantMadeToOrder; label: MessageDescriptor }> = [
  { value: 'product', label: msg`As the product` },
  { value: 'stock', label: msg`Ships from stock` },
  { value: 'days', label: msg`Made to order` },
];

/**
 * Options (up to three, each with its values) and the grid of their combinations: a row per
 * variant with its SKU, price, original price, stock, how it is made (as the product, from stock,
 * or to order in its own days) and pictures from the gallery; a price or a stock can be set in
 * every row at once. The inputs are named by their place in the body
 * (`variants.2.price`), so the form's errors land under them.
 */
export function VariantsEditor({ value, onChange, entries, defaults, errors, waiting }: VariantsEditorProps) {
  const { t } = useLingui();
  const id = useId();

  function setOptions(options: OptionDraft[]) {
    const { name, price, originalPrice } = defaults();
    onChange({ options, rows: rowsFor(optionsOf(options), value.rows, name, { price, originalPrice }) });
  }
  const setOption = (index: number, change: Partial<OptionDraft>) =>
    setOptions(value.options.map((option, i) => (i === index ? { ...option, ...change } : option)));
  const setRow = (index: number, change: Partial<VariantRowText>) =>
    onChange({ ...value, rows: value.rows.map((row, i) => (i === index ? { ...row, ...change } : row)) });

  const inGallery = new Set(entries.map((entry) => entry.key));

  return (
    <fieldset className="md:col-span-2">
      <legend className="mb-1 text-sm font-medium">
        <Trans>Options</Trans>
      </legend>
      <p id={`${id}-hint`} className="mb-3 text-xs text-base-content/80">
        <Trans>
          Sizes, colours or materials the product comes in, up to {MAX_OPTIONS}. Each combination then has its own SKU,
          price and stock. Without options the product is sold as one item at the price and stock above.
        </Trans>
      </p>
      {value.options.map((option, index) => (
        <div key={index} className="mb-2 flex flex-wrap items-start gap-x-3">
          <OptionField
            label={t`Option ${ph({ number: index + 1 })} name`}
            name={`options.${index}.name`}
            value={option.name}
            placeholder={t`Size`}
            error={errors[`options.${index}.name`]}
            onChange={(name) => setOption(index, { name })}
          />
          <OptionField
            label={t`Option ${ph({ number: index + 1 })} values (comma-separated)`}
            name={`options.${index}.values`}
            value={option.valuesText}
            placeholder="6, 7, 8, 9"
            error={errors[`options.${index}.values`]}
            onChange={(valuesText) => setOption(index, { valuesText })}
            wide
          />
          <button
            type="button"
            className="btn btn-ghost btn-sm mt-6"
            aria-label={t`Remove option ${ph({ number: index + 1 })}`}
            onClick={() => setOptions(value.options.filter((_, i) => i !== index))}
          >
            <Icon name="trash" className="size-4" />
          </button>
        </div>
      ))}
      {errors.options && <p className="mb-2 text-sm text-error">{errors.options}</p>}
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={value.options.length >= MAX_OPTIONS}
        aria-describedby={`${id}-hint`}
        onClick={() => setOptions([...value.options, { name: '', valuesText: '' }])}
      >
        <Trans>Add option</Trans>
      </button>

      {value.options.length > 0 && (
        <div className="mt-4">
          <BulkSet onApply={(field, text) => onChange({ ...value, rows: withAll(value.rows, field, text) })} />
          {errors.variants && <p className="mb-2 text-sm text-error">{errors.variants}</p>}
          <div className="rounded-box border border-base-300 sm:overflow-x-auto">
            <table className={`table table-sm ${CARD.table}`}>
              <caption className="sr-only">
                <Trans>Variants</Trans>
              </caption>
              <thead className={CARD.head}>
                <tr>
                  <th scope="col">
                    <Trans>Variant</Trans>
                  </th>
                  {COLUMNS.map((column) => (
                    <th key={column.field} scope="col">
                      {t(column.label)}
                    </th>
                  ))}
                  <th scope="col">
                    <Trans>Made to order</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Images</Trans>
                  </th>
                </tr>
              </thead>
              <tbody className={CARD.body}>
                {value.rows.map((row, index) => {
                  const label = rowLabel(row.optionValues);
                  return (
                    <tr key={label} className={CARD.row}>
                      <th scope="row" className="whitespace-nowrap max-sm:col-span-2">
                        {label}
                        {waiting?.has(label) && (
                          <span className="badge badge-warning badge-sm ml-2 font-normal">
                            <Trans>Waiting for review</Trans>
                          </span>
                        )}
                      </th>
                      {COLUMNS.map(({ field, label: columnLabel, numeric }) => {
                        const column = t(columnLabel);
                        const name = `variants.${index}.${field}`;
                        const error = errors[name];
                        return (
                          <td key={field} className={`align-top ${CARD.cell}`} data-label={column}>
                            <input
                              name={name}
                              aria-label={t`${column} of ${label}`}
                              value={row[field]}
                              inputMode={
                                numeric
                                  ? field === 'price' || field === 'originalPrice'
                                    ? 'decimal'
                                    : 'numeric'
                                  : undefined
                              }
                              aria-invalid={error ? true : undefined}
                              aria-describedby={error ? `${id}-${name}` : undefined}
                              className={`input input-sm max-sm:w-full ${numeric ? 'w-24' : 'w-48'} ${error ? 'input-error' : ''}`}
                              onChange={(event) => setRow(index, { [field]: event.target.value })}
                            />
                            {error && (
                              <p id={`${id}-${name}`} className="pt-0.5 text-xs text-error">
                                {error}
                              </p>
                            )}
                          </td>
                        );
                      })}
                      <td className={`align-top ${CARD.cell}`} data-label={t`Made to order`}>
                        <MadeToOrderCell
                          label={label}
                          name={`variants.${index}`}
                          row={row}
                          error={errors[`variants.${index}.madeToOrderDays`]}
                          onChange={(change) => setRow(index, change)}
                        />
                      </td>
                      <td className={`align-top max-sm:col-span-2 ${CARD.cell}`} data-label={t`Images`}>
                        <VariantImages
                          label={label}
                          entries={entries}
                          chosen={row.imageKeys.filter((key) => inGallery.has(key))}
                          onChange={(imageKeys) => setRow(index, { imageKeys })}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </fieldset>
  );
}

interface MadeToOrderCellProps {
  label: string;
  /** The row's place in the body: `variants.2`. */
  name: string;
  row: Pick<VariantRowText, 'madeToOrder' | 'madeToOrderDays'>;
  error: string | undefined;
  onChange: (change: Pick<VariantRowText, 'madeToOrder'> | Pick<VariantRowText, 'madeToOrderDays'>) => void;
}

/** How one variant is made: as the product, from stock, or to order in the days typed beside it. */
function MadeToOrderCell({ label, name, row, error, onChange }: MadeToOrderCellProps) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-1">
      <select
        name={`${name}.madeToOrder`}
        aria-label={t`Made to order of ${label}`}
        value={row.madeToOrder}
        className="select select-sm w-40 max-sm:w-full"
        onChange={(event) => onChange({ madeToOrder: event.target.value as VariantMadeToOrder })}
      >
        {MADE_TO_ORDER_CHOICES.map(({ value, label: text }) => (
          <option key={value} value={value}>
            {t(text)}
          </option>
        ))}
      </select>
      {row.madeToOrder === 'days' && (
        <input
          name={`${name}.madeToOrderDays`}
          aria-label={t`Made-to-order days of ${label}`}
          value={row.madeToOrderDays}
          inputMode="numeric"
          placeholder={t`days`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`input input-sm w-20 ${error ? 'input-error' : ''}`}
          onChange={(event) => onChange({ madeToOrderDays: event.target.value })}
        />
      )}
      {error && (
        <p id={`${id}-error`} className="basis-full pt-0.5 text-xs text-error">
          {error}
        </p>
      )}
    </div>
  );
}

interface OptionFieldProps {
  label: string;
  name: string;
  value: string;
  placeholder: string;
  error: string | undefined;
  onChange: (text: string) => void;
  wide?: boolean;
}

function OptionField({ label, name, value, placeholder, error, onChange, wide = false }: OptionFieldProps) {
  const id = useId();
  return (
    <div className={wide ? 'min-w-56 flex-2' : 'min-w-36 flex-1'}>
      <label htmlFor={id} className="mb-1 block text-sm">
        {label}
      </label>
      <input
        id={id}
        name={name}
        value={value}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`input w-full ${error ? 'input-error' : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-error`} className="min-h-5 pt-0.5 text-sm text-error">
        {error}
      </p>
    </div>
  );
}

/** A price or a stock typed once and set in every row. */
function BulkSet({ onApply }: { onApply: (field: BulkField, text: string) => void }) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState<Record<BulkField, string>>({ price: '', stockQuantity: '' });
  const bulk: Array<{ field: BulkField; label: string; button: string }> = [
    { field: 'price', label: t`Price for all (₹)`, button: t`Set every price` },
    { field: 'stockQuantity', label: t`Stock for all`, button: t`Set every stock` },
  ];
  return (
    <div className="mb-3 flex flex-wrap items-end gap-3">
      {bulk.map(({ field, label, button }) => (
        <div key={field} className="join items-end">
          <div>
            <label htmlFor={`${id}-${field}`} className="mb-1 block text-sm">
              {label}
            </label>
            <input
              id={`${id}-${field}`}
              inputMode={field === 'price' ? 'decimal' : 'numeric'}
              value={text[field]}
              className="input input-sm join-item w-28"
              onChange={(event) => setText({ ...text, [field]: event.target.value })}
            />
          </div>
          <button
            type="button"
            className="btn btn-sm join-item"
            disabled={text[field].trim() === ''}
            onClick={() => onApply(field, text[field].trim())}
          >
            {button}
          </button>
        </div>
      ))}
    </div>
  );
}

interface VariantImagesProps {
  label: string;
  entries: readonly GalleryEntry[];
  chosen: string[];
  onChange: (keys: string[]) => void;
}

/** The gallery's pictures to tick for one variant (none: the product's own show), kept in the gallery's order. */
function VariantImages({ label, entries, chosen, onChange }: VariantImagesProps) {
  const { t } = useLingui();
  if (entries.length === 0)
    return (
      <span className="text-xs text-base-content/70">
        <Trans>Add images above</Trans>
      </span>
    );
  const chosenCount = chosen.length;
  const toggle = (key: string, on: boolean) =>
    onChange(entries.map((entry) => entry.key).filter((k) => (k === key ? on : chosen.includes(k))));
  return (
    <details>
      <summary className="cursor-pointer text-sm whitespace-nowrap">
        {chosenCount === 0 ? t`All images` : <Plural value={chosenCount} one="# chosen" other="# chosen" />}
        <span className="sr-only">
          {' '}
          <Trans>for {label}</Trans>
        </span>
      </summary>
      <ul className="mt-2 flex flex-wrap gap-2">
        {entries.map((entry, index) => (
          <li key={entry.key}>
            <label className="flex flex-col items-center gap-1 text-xs">
              <Thumbnail entry={entry} position={index + 1} small />
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                aria-label={t`Image ${ph({ number: index + 1 })} for ${label}`}
                checked={chosen.includes(entry.key)}
                onChange={(event) => toggle(entry.key, event.target.checked)}
              />
            </label>
          </li>
        ))}
      </ul>
    </details>
  );
}
