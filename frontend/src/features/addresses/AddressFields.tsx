import { useLingui } from '@lingui/react/macro';
import { Field } from '../../components/Field.tsx';
import type { FieldErrors } from '../../forms.ts';
import { ADDRESS_FIELDS } from './addressFields.ts';
import type { Address } from './types.ts';

/**
 * The seven address inputs (all required), filled with `initial` when given. `errorKey` maps a
 * field to its key among `errors` ('city', or 'shippingAddress.city' at checkout).
 */
export function AddressFields({
  errors,
  initial,
  errorKey = (name) => name,
}: {
  errors: FieldErrors;
  initial?: Address | undefined;
  errorKey?: (name: string) => string;
}) {
  const { t } = useLingui();
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      {ADDRESS_FIELDS.map(({ half, label, ...field }) => (
        <Field
          key={field.name}
          {...field}
          label={t(label)}
          dir="auto"
          required
          defaultValue={initial?.[field.name]}
          className={half ? '' : 'sm:col-span-2'}
          error={errors[errorKey(field.name)]}
        />
      ))}
    </div>
  );
}
