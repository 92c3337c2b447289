const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** "21 Nov 2026" */
export const formatDate = (iso: string): string => dateFormat.format(new Date(iso));
