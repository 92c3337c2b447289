/**
 * SAC codes (Services Accounting Codes, the services' side of India's GST classification): six
 * digits, chapter 99 (e.g. 996211, services on a fee or commission basis on retail trade).
 */
export const SAC_MESSAGE = /*i18n*/ 'SAC code must be 6 digits starting with 99';

export const isSac = (code: string): boolean => /^99\d{4}$/.test(code);
