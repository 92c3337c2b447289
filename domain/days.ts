/**
 * Ranges of UTC days (YYYY-MM-DD, both ends included) that people ask for: the messages of
 * their checks, one wording for the API's queries and the SPA's forms.
 */
export const DAY_RANGE_MESSAGES = {
  from: /*i18n*/ 'From must be a date like 2024-05-01',
  to: /*i18n*/ 'To must be a date like 2024-05-01',
  order: /*i18n*/ 'From must be on or before To',
} as const;
