import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { LOCALE_NAMES, LOCALES } from '../../../domain/i18n/locales.ts';
import { chooseLocale } from '../i18n/choose.ts';
import { locale } from '../i18n/locale.ts';

/** The header's and the account page's choice of language: each offered in its own name and script. */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  useSignals();
  const { t } = useLingui();
  return (
    <select
      aria-label={t`Language`}
      className={`select select-ghost select-sm w-24 shrink-0 ${className}`}
      value={locale.value === 'pseudo' ? 'en' : locale.value}
      onChange={(event) => void chooseLocale(event.target.value as (typeof LOCALES)[number])}
    >
      {LOCALES.map((code) => (
        <option key={code} value={code} lang={code}>
          {LOCALE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}
