import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { z } from 'zod';
import { FOREIGN_CURRENCIES, type ForeignCurrency } from '../../../../../domain/currency/currencies.ts';
import { REFERENCE_RATE_MESSAGES } from '../../../../../domain/currency/reference-rates.ts';
import { referenceRateSchema } from '../../../../../domain/currency/schemas.ts';
import { call, server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { ChoiceField, Field } from '../../../components/Field.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { formatDateTime } from '../../../format.ts';
import { useForm } from '../../../forms.ts';
import { useLiveEvent } from '../../../state/live.ts';
import { toast } from '../../../state/toasts.ts';

const rateFormSchema = referenceRateSchema.extend({
  currency: z.enum(FOREIGN_CURRENCIES, { error: REFERENCE_RATE_MESSAGES.currency }),
});

/** The currencies' names (CURRENCY_INFO's) on screen. */
const CURRENCY_NAMES: Record<ForeignCurrency, MessageDescriptor> = {
  USD: msg`US dollar`,
  EUR: msg`Euro`,
  GBP: msg`Pound sterling`,
  AED: msg`UAE dirham`,
  SGD: msg`Singapore dollar`,
};

/** The form's "Takes effect" (local date and time, optional) as the API's ISO time; left out for now. */
function effectiveFromOf(local: string): string | undefined {
  if (local === '') return undefined;
  const time = Date.parse(local);
  return Number.isFinite(time) ? new Date(time).toISOString() : local;
}

/** The Rates tab: the reference rate of each foreign currency in effect, every rate recorded, and recording a new one. */
export function RatesTab() {
  const { t } = useLingui();
  const currencyLabel = (currency: ForeignCurrency) => `${currency}: ${t(CURRENCY_NAMES[currency])}`;
  const rates = useApiGet(
    (options) => server.admin['reference-rates'].$get({}, options),
    [],
    t`Failed to load the reference rates`,
  );
  // Another admin's new rate, or one recorded here, shows at once.
  useLiveEvent('reference-rates.changed', () => void rates.reload());
  const [takesEffect, setTakesEffect] = useState('');
  const { errors, busy, onSubmit } = useForm(
    rateFormSchema,
    async ({ currency, ...body }) => {
      const { position } = await call(
        server.admin['reference-rates'][':currency'].$put({ param: { currency }, json: body }),
      );
      const rupees = body.rupeesPerUnit.trim();
      toast({ title: t`Reference rate recorded`, description: t`${currency} at ₹${rupees} per unit.` });
      await rates.reload(position);
    },
    t`Could not record the reference rate`,
    () => ({ effectiveFrom: effectiveFromOf(takesEffect) }),
  );
  const titleId = useId();
  const data = rates.data;

  return (
    <section aria-labelledby={titleId} className="space-y-6">
      <div>
        <h2 id={titleId} className="text-xl font-semibold">
          <Trans>Reference rates</Trans>
        </h2>
        <p className="mt-1 text-base-content/80">
          <Trans>
            Buyers may see prices also in another currency, approximately, converted at these rates; they are always
            charged in rupees. Record each rate from its source (such as the RBI reference rate); it takes effect at
            once, or at the time given, never earlier.
          </Trans>
        </p>
      </div>
      <form
        noValidate
        aria-label={t`Record a reference rate`}
        onSubmit={(event: FormEvent<HTMLFormElement>) => void onSubmit(event)}
        className="card grid gap-x-4 border border-base-300 p-4 sm:grid-cols-2"
      >
        <ChoiceField
          label={t`Currency`}
          name="currency"
          choices={FOREIGN_CURRENCIES}
          labelOf={currencyLabel}
          error={errors.currency}
        />
        <Field
          label={t`Rupees per unit (up to 4 decimals)`}
          name="rupeesPerUnit"
          inputMode="decimal"
          autoComplete="off"
          placeholder="84.0729"
          error={errors.rupeesPerUnit}
        />
        <Field
          label={t`Source`}
          name="source"
          maxLength={300}
          placeholder={t`RBI reference rate`}
          error={errors.source}
        />
        <Field
          value={takesEffect}
          onChange={(event) => setTakesEffect(event.target.value)}
          label={t`Takes effect (leave empty for now)`}
          name="effectiveFrom"
          type="datetime-local"
          error={errors.effectiveFrom}
        />
        <button type="submit" className="btn btn-primary btn-sm w-fit" disabled={busy}>
          {busy ? t`Recording...` : t`Record rate`}
        </button>
      </form>
      {rates.loading ? (
        <div aria-busy="true">
          <span className="sr-only">
            <Trans>Loading the reference rates...</Trans>
          </span>
          <Skeleton className="h-28 rounded-box" />
        </div>
      ) : rates.failed || !data ? (
        <LoadFailed what={t`the reference rates`} onRetry={() => void rates.reload()} />
      ) : (
        <ul className="space-y-3" aria-label={t`Rates by currency`}>
          {data.currencies.map(({ currency, inEffect, history }) => {
            const rupees = inEffect?.rupeesPerUnit;
            return (
              <li key={currency} className="card gap-2 border border-base-300 p-4">
                <h3 className="font-semibold">{currencyLabel(currency)}</h3>
                <p className="text-sm">
                  {inEffect ? (
                    <Trans>
                      In effect now: <strong>₹{rupees} per unit</strong>
                    </Trans>
                  ) : (
                    <Trans>In effect now: none (buyers who chose it see rupees alone)</Trans>
                  )}
                </p>
                {history.length > 0 && (
                  <ol className="space-y-1 border-l-2 border-base-300 pl-3 text-sm">
                    {[...history].reverse().map((rate) => {
                      const from = formatDateTime(rate.effectiveFrom);
                      const recorded = formatDateTime(rate.at);
                      const source = rate.source;
                      return (
                        <li key={`${rate.effectiveFrom}-${rate.at}`}>
                          <Trans>
                            From <time dateTime={rate.effectiveFrom}>{from}</time>:
                          </Trans>{' '}
                          <span className="font-medium">₹{rate.rupeesPerUnit}</span>
                          <span className="break-words text-base-content/80">
                            {' '}
                            <Trans>
                              (<span dir="auto">{source}</span>; recorded <time dateTime={rate.at}>{recorded}</time>)
                            </Trans>
                          </span>
                        </li>
                      );
                    })}
                  </ol>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
