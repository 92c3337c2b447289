/** Commands and events carry instants as ISO-8601 UTC strings; this is their arithmetic. */

/** The instant `ms` milliseconds after `at`. */
export const later = (at: string, ms: number): string => new Date(Date.parse(at) + ms).toISOString();
