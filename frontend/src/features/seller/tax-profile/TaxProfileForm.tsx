import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { z } from 'zod';
import { TAX_PROFILE_LIMITS, taxProfileFormSchema } from '../../../../../domain/seller/schemas.ts';
import { INDIAN_STATES } from '../../../../../domain/tax/states.ts';
import { call, server } from '../../../api/client.ts';
import { Field, SelectField } from '../../../components/Field.tsx';
import { useForm } from '../../../forms.ts';
import { toast } from '../../../state/toasts.ts';
import type { TaxProfile } from '../types.ts';

/** The radio buttons' values, as FormData gives them, to the schema's boolean (none chosen: missing). */
const REGISTERED_VALUES: Record<string, boolean> = { yes: true, no: false };
const formSchema = z.preprocess(
  (values) => ({
    ...(values as object),
    registered: REGISTERED_VALUES[(values as { registered?: string }).registered ?? ''],
  }),
  taxProfileFormSchema,
);

/** The answers to "Are you registered for GST?": the radio's value, what it means, its label. */
const REGISTERED_CHOICES = [
  ['yes', true, msg`Yes, I have a GSTIN`],
  ['no', false, msg`No, I have an enrolment number for selling through e-commerce operators`],
] as const;

interface TaxProfileFormProps {
  sellerId: string;
  /** The profile in force, to edit; null for the first one. */
  profile: TaxProfile | null;
  /** After a save, with the log position it reached. */
  onSaved: (position: number) => Promise<void>;
  onCancel: () => void;
}

/** The seller's tax profile, checked with the schema the API uses; the GSTIN or the enrolment number, whichever applies. */
export function TaxProfileForm({ sellerId, profile, onSaved, onCancel }: TaxProfileFormProps) {
  const { t } = useLingui();
  const [registered, setRegistered] = useState<boolean | null>(profile?.registered ?? null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  async function save(form: z.output<typeof taxProfileFormSchema>) {
    const { position } = await call(
      server.sellers[':id']['tax-profile'].$put({ param: { id: encodeURIComponent(sellerId) }, json: form }),
    );
    toast({ title: t`Tax profile saved` });
    await onSaved(position);
  }

  const { errors, busy, onSubmit } = useForm(formSchema, save, t`Error saving your tax profile`);
  const registeredError = errors.registered;
  const registeredErrorId = useId();

  return (
    <div className="card border border-base-300 p-6">
      <h3 ref={heading} tabIndex={-1} className="mb-4 text-lg font-semibold outline-none">
        {profile ? t`Edit your tax profile` : t`Set your tax profile`}
      </h3>
      <form onSubmit={onSubmit} noValidate className="grid gap-x-6 md:grid-cols-2">
        <fieldset className="mb-4 md:col-span-2" aria-describedby={registeredErrorId}>
          <legend className="mb-1 text-sm font-medium">
            <Trans>Are you registered for GST?</Trans>
          </legend>
          {REGISTERED_CHOICES.map(([value, choice, label]) => (
            <label key={value} className="flex cursor-pointer items-center gap-2 py-1">
              <input
                type="radio"
                name="registered"
                value={value}
                className="radio radio-sm"
                checked={registered === choice}
                aria-invalid={registeredError ? true : undefined}
                onChange={() => setRegistered(choice)}
              />
              {t(label)}
            </label>
          ))}
          <p id={registeredErrorId} className="min-h-5 pt-0.5 text-sm text-error">
            {registeredError}
          </p>
        </fieldset>
        <Field
          label={t`Legal name (as on your PAN)`}
          name="legalName"
          defaultValue={profile?.legalName}
          required
          maxLength={TAX_PROFILE_LIMITS.legalName}
          error={errors.legalName}
        />
        <Field
          label={t`Trade name (optional)`}
          name="tradeName"
          defaultValue={profile?.tradeName ?? ''}
          maxLength={TAX_PROFILE_LIMITS.tradeName}
          error={errors.tradeName}
        />
        <Field
          label={t`PAN`}
          name="pan"
          defaultValue={profile?.pan}
          required
          placeholder="ABCDE1234F"
          autoCapitalize="characters"
          error={errors.pan}
        />
        {registered === true && (
          <Field
            label={t`GSTIN`}
            name="gstin"
            defaultValue={profile?.registered ? profile.gstin : ''}
            required
            placeholder="29ABCDE1234F1ZW"
            autoCapitalize="characters"
            error={errors.gstin}
          />
        )}
        {registered === false && (
          <Field
            label={t`Enrolment number`}
            name="enrolmentNumber"
            defaultValue={profile && !profile.registered ? profile.enrolmentNumber : ''}
            required
            maxLength={TAX_PROFILE_LIMITS.enrolmentNumber}
            autoCapitalize="characters"
            error={errors.enrolmentNumber}
          />
        )}
        {registered === false && (
          <p className="mb-4 text-sm text-base-content/80 md:col-span-2">
            <Trans>Without GST registration you can sell only to buyers in the state of your place of business.</Trans>
          </p>
        )}
        <h4 className="mb-2 font-medium md:col-span-2">
          <Trans>Principal place of business</Trans>
        </h4>
        <Field
          label={t`Address`}
          name="address"
          defaultValue={profile?.address.address}
          required
          autoComplete="street-address"
          error={errors.address}
          className="md:col-span-2"
        />
        <Field
          label={t`City`}
          name="city"
          defaultValue={profile?.address.city}
          required
          autoComplete="address-level2"
          error={errors.city}
        />
        <SelectField
          label={t`State`}
          name="stateCode"
          defaultValue={profile?.stateCode ?? ''}
          required
          error={errors.stateCode}
        >
          <option value="" disabled>
            {t`Choose a state`}
          </option>
          {INDIAN_STATES.map(({ code, name }) => (
            <option key={code} value={code}>
              {name} ({code})
            </option>
          ))}
        </SelectField>
        <Field
          label={t`PIN Code`}
          name="pincode"
          defaultValue={profile?.address.pincode}
          required
          inputMode="numeric"
          autoComplete="postal-code"
          error={errors.pincode}
        />
        <div className="mt-2 flex flex-wrap gap-3 md:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t`Saving...` : t`Save Tax Profile`}
          </button>
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </div>
  );
}
