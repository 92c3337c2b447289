const utcDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "5 Mar 2025" for a UTC day of the sales figures ("2025-03-05"), wherever the admin is. */
export const formatDay = (day: string): string => utcDay.format(new Date(day));
