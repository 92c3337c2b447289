/**
 * HSN codes (Harmonised System of Nomenclature, as India's customs tariff extends it): 4 digits
 * (heading), 6 (sub-heading) or 8 (tariff item); the first two are the chapter, 01 to 98 for goods.
 */
export const HSN_MESSAGE = /*i18n*/ 'HSN code must be 4, 6 or 8 digits, not starting with 00';

export const isHsn = (code: string): boolean => /^(\d{4}|\d{6}|\d{8})$/.test(code) && !code.startsWith('00');
