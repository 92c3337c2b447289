/**
 * The currencies a buyer may see prices in besides rupees. Only an approximation is shown in
 * them: every price is charged in rupees (INR), the currency of the marketplace.
 */

/** The foreign currencies an admin records reference rates for. */
export const FOREIGN_CURRENCIES = ['USD', 'EUR', 'GBP', 'AED', 'SGD'] as const;
export type ForeignCurrency = (typeof FOREIGN_CURRENCIES)[number];

/** What a buyer may choose to see prices in: rupees alone (the default), or rupees with one of the others beside them. */
export const DISPLAY_CURRENCIES = ['INR', ...FOREIGN_CURRENCIES] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

export const DEFAULT_DISPLAY_CURRENCY: DisplayCurrency = 'INR';

/**
 * How each is written and counted: its symbol (US$ and S$ tell the dollars apart, as Indian
 * shoppers write them; Intl's en locales write one of them as a bare $), its minor units per
 * unit (ISO 4217: all five have cents or fils) and its name in the chooser.
 */
export const CURRENCY_INFO: Record<ForeignCurrency, { symbol: string; minorDigits: number; name: string }> = {
  USD: { symbol: 'US$', minorDigits: 2, name: 'US dollar' },
  EUR: { symbol: '€', minorDigits: 2, name: 'Euro' },
  GBP: { symbol: '£', minorDigits: 2, name: 'Pound sterling' },
  AED: { symbol: 'AED', minorDigits: 2, name: 'UAE dirham' },
  SGD: { symbol: 'S$', minorDigits: 2, name: 'Singapore dollar' },
};

export const isForeignCurrency = (code: string): code is ForeignCurrency =>
  (FOREIGN_CURRENCIES as readonly string[]).includes(code);
