const date = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "5 Mar 2025" */
export const formatDate = (iso: string): string => date.format(new Date(iso));

/** "5 Mar 2025, 4:30 pm" */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));
