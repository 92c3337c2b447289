/**
 * Ranges of UTC days (YYYY-MM-DD, both ends included) that people ask for: the messages of
 * their checks, one wording for the API's queries and the SPA's forms.
 */
export const DAY_RANGE_MESSAGES = {
  from: 'From must be a date like 2024-05-01',
  to: 'To must be a date like 2024-05-01',
  order: 'From must be on or before To',
} as const;
