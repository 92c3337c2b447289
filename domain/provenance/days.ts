/** The UTC day (YYYY-MM-DD) of an ISO time: certificates are valid by whole days. */
export const dayOf = (at: string): string => at.slice(0, 10);

/** Whole days from day `from` to day `to` (YYYY-MM-DD), negative when `to` is before. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
