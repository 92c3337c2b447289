/**
 * CSV for spreadsheets (RFC 4180): rows joined by CRLF, a field quoted when it holds a comma, a
 * quote or a line break. Text typed by people (a name, a description, a bank reference) is kept
 * from being read as a formula: a spreadsheet runs a cell starting with =, +, -, @, a tab or a
 * carriage return, so such a text cell starts with an apostrophe. Figures we format are not text.
 */
export function csvField(value: string, { text = false } = {}): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Text typed by people, guarded and quoted. */
export const csvText = (value: string): string => csvField(value, { text: true });

/** Rows of fields already made safe (csvField, csvText, or figures) as one CSV document. */
export const csvOf = (rows: readonly (readonly string[])[]): string =>
  `${rows.map((row) => row.join(',')).join('\r\n')}\r\n`;
