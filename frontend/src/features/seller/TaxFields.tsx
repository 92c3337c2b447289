import { Trans, useLingui } from '@lingui/react/macro';
import { formatRate } from '../../../../domain/tax/rates.ts';
import { server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { Field, SelectField } from '../../components/Field.tsx';

/** The rates in force today (GET /tax-rates): the GST rates a product may have and each category's defaults. */
export function useTaxRates() {
  const { t } = useLingui();
  return useApiGet((options) => server['tax-rates'].$get({}, options), [], t`Failed to load tax rates`);
}

export type TaxRates = NonNullable<ReturnType<typeof useTaxRates>['data']>;

/** The tax inputs' texts: the HSN code and the rate's basis points. */
export interface TaxText {
  hsn: string;
  gstRateBps: string;
}

/** A category's defaults as the inputs' texts; null for a category without any (or before the rates arrive). */
export function categoryTaxText(rates: TaxRates | null, categoryId: string): TaxText | null {
  const defaults = rates?.categoryDefaults.find((entry) => entry.categoryId === categoryId);
  return defaults ? { hsn: defaults.hsn, gstRateBps: String(defaults.gstRateBps) } : null;
}

interface TaxFieldsProps {
  rates: TaxRates | null;
  value: TaxText;
  onChange: (value: TaxText) => void;
  errors: { hsn?: string | undefined; gstRateBps?: string | undefined };
}

/** HSN code and GST rate, filled from the category's defaults (ProductForm sets them when a category is chosen). */
export function TaxFields({ rates, value, onChange, errors }: TaxFieldsProps) {
  const { t } = useLingui();
  const slabs = rates?.gstSlabsBps ?? [];
  // A rate no longer in force stays shown for the product that has it; the server refuses it only if sent again.
  const options =
    value.gstRateBps === '' || slabs.includes(Number(value.gstRateBps)) ? slabs : [...slabs, Number(value.gstRateBps)];
  return (
    <>
      <Field
        label={t`HSN Code`}
        name="hsn"
        inputMode="numeric"
        maxLength={8}
        placeholder="5208"
        value={value.hsn}
        onChange={(event) => onChange({ ...value, hsn: event.target.value })}
        error={errors.hsn}
      />
      <SelectField
        label={t`GST Rate (included in the price)`}
        name="gstRateBps"
        value={value.gstRateBps}
        onChange={(event) => onChange({ ...value, gstRateBps: event.target.value })}
        error={errors.gstRateBps}
      >
        <option value="">
          <Trans>Select a rate</Trans>
        </option>
        {options.map((rateBps) => (
          <option key={rateBps} value={String(rateBps)}>
            {formatRate(rateBps)}
          </option>
        ))}
      </SelectField>
    </>
  );
}
