import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { DISPLAY_CURRENCIES, type DisplayCurrency } from '../../../domain/currency/currencies.ts';
import { chooseCurrency, displayCurrency } from '../state/currency.ts';

/** The header's choice of the currency prices are also shown in: rupees alone by default; payment is always in rupees. */
export function CurrencyChooser() {
  useSignals();
  const { t } = useLingui();
  return (
    <select
      aria-label={t`Show prices also in`}
      title={t`Prices are charged in rupees; other currencies are shown approximately`}
      className="select select-ghost select-sm w-20 shrink-0"
      value={displayCurrency.value}
      onChange={(event) => void chooseCurrency(event.target.value as DisplayCurrency)}
    >
      {DISPLAY_CURRENCIES.map((currency) => (
        <option key={currency} value={currency}>
          {currency}
        </option>
      ))}
    </select>
  );
}
