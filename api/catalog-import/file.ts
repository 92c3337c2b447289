/**
 * Reading a seller's catalog file: UTF-8 text (a byte order mark allowed, as spreadsheets write
 * it), RFC 4180 CSV (csv-parse), its first row the columns of domain/catalog-import/rows.ts.
 * Anything else is refused as a whole with one plain sentence, before any row is looked at.
 */
import { CsvError, parse } from 'csv-parse/sync';
import { type CatalogRowText, checkHeader, rowText } from '../../domain/catalog-import/rows.ts';
import { english } from '../../domain/i18n/message.ts';

/** About 2,500 bytes a row at most: room for long descriptions in thousands of rows. */
export const MAX_CATALOG_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_CATALOG_ROWS = 5_000;

export const CATALOG_FILE_ERRORS = {
  notText: /*i18n*/ 'This file is not CSV text: save the sheet as CSV (UTF-8) and try again',
  empty: /*i18n*/ 'This file has no rows: the first row names the columns, then one row per product',
  tooManyRows: english(/*i18n*/ 'A file can have at most {max} rows; split it into several', {
    max: MAX_CATALOG_ROWS.toLocaleString('en-IN'),
  }),
  tooLarge: english(/*i18n*/ 'A catalog file must be at most {max} MB', { max: MAX_CATALOG_FILE_BYTES / 1024 / 1024 }),
  unclosedQuote: /*i18n*/ 'A quoted field is never closed: check the quotes in the file',
  fieldCount: (line: number) => `Line ${line} has a different number of fields from the first line`,
  unreadable: (line: number) => `Line ${line} cannot be read as CSV: check its quotes`,
} as const;

export type CatalogFile = { ok: true; rows: CatalogRowText[] } | { ok: false; message: string };

const refused = (message: string): CatalogFile => ({ ok: false, message });

function csvProblem(error: CsvError): string {
  const line = Number((error as CsvError & { lines?: number }).lines ?? 0);
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return CATALOG_FILE_ERRORS.unclosedQuote;
  if (error.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH') return CATALOG_FILE_ERRORS.fieldCount(line);
  return CATALOG_FILE_ERRORS.unreadable(line);
}

/** The file's rows after its header, each as every column's text; or why the file is refused (its size is the caller's). */
export function readCatalogFile(bytes: Uint8Array): CatalogFile {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refused(CATALOG_FILE_ERRORS.notText);
  }
  // Control characters other than tabs and line breaks: a binary file that happens to be valid UTF-8.
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) return refused(CATALOG_FILE_ERRORS.notText);
  let records: string[][];
  try {
    // A row may stop before the last columns (sheets drop empty ones at its end): they read as empty.
    records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count_less: true,
      to: MAX_CATALOG_ROWS + 2,
    });
  } catch (error) {
    if (error instanceof CsvError) return refused(csvProblem(error));
    throw error;
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) return refused(CATALOG_FILE_ERRORS.empty);
  if (rows.length > MAX_CATALOG_ROWS) return refused(CATALOG_FILE_ERRORS.tooManyRows);
  const columns = checkHeader(header);
  if (!columns.ok) return refused(columns.message);
  return { ok: true, rows: rows.map((fields) => rowText(header, fields)) };
}
