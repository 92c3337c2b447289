/**
 * A catalog import: a seller's CSV file checked (the dry run), confirmed by the seller, then
 * applied row by row by a job (workers/catalog-import.ts) that records each row's outcome here.
 * A row is recorded once, so a job run again after a crash only does the rows not recorded.
 */
import { type Actor, forbidden } from '../actor.ts';
import { type Decider, DomainError } from '../decider.ts';
import type { CatalogRowText } from './rows.ts';

export const catalogImportStream = (importId: string): string => `catalog-import-${importId}`;

/** What was done with a row: a product listed, one changed, one left as it was, or the row refused. */
export type RowOutcome = 'created' | 'updated' | 'unchanged' | 'refused';

export const ROW_OUTCOMES = ['created', 'updated', 'unchanged', 'refused'] as const satisfies readonly RowOutcome[];

export interface RowResult {
  /** The row's number in the file as a spreadsheet shows it: the header is row 1. */
  row: number;
  outcome: RowOutcome;
  /** The product listed or changed; null when refused, or for a new product never listed. */
  productId: string | null;
  /** The row's product name, as given. */
  name: string;
  /** Why it was refused, or what else the seller should know (changes waiting for review); null otherwise. */
  message: string | null;
}

export type RowCounts = Record<RowOutcome, number>;

export const noRows = (): RowCounts => ({ created: 0, updated: 0, unchanged: 0, refused: 0 });

export const countsOf = (results: readonly Pick<RowResult, 'outcome'>[], from: RowCounts = noRows()): RowCounts => {
  const counts = { ...from };
  for (const { outcome } of results) counts[outcome]++;
  return counts;
};

/** Rows a single event holds: thousands of rows are written as several events, each well below stores' limits. */
export const ROWS_PER_EVENT = 250;

export type CatalogImportEvent =
  /** The file's rows from `first` (the index of the first in the file's records after the header). */
  | {
      type: 'CatalogImportRowsReceived';
      data: { importId: string; sellerId: string; first: number; rows: CatalogRowText[] };
    }
  /** Every row of the file received, checked by the dry run: the seller may confirm it. */
  | {
      type: 'CatalogImportChecked';
      data: { importId: string; sellerId: string; fileName: string; rows: number; at: string };
    }
  | { type: 'CatalogImportConfirmed'; data: { importId: string; sellerId: string; by: string; at: string } }
  | { type: 'CatalogImportRowsApplied'; data: { importId: string; sellerId: string; results: RowResult[]; at: string } }
  | { type: 'CatalogImportFinished'; data: { importId: string; sellerId: string; counts: RowCounts; at: string } };

export type CatalogImportCommand =
  | { type: 'ReceiveRows'; importId: string; sellerId: string; first: number; rows: CatalogRowText[] }
  | { type: 'CheckImport'; fileName: string; at: string }
  | { type: 'ConfirmImport'; actor: Actor; at: string }
  | { type: 'RecordRows'; results: RowResult[]; at: string }
  | { type: 'FinishImport'; at: string };

export interface CatalogImport {
  importId: string;
  sellerId: string;
  /** The file's records after its header, in order; a row's number is its index + FIRST_ROW. */
  rows: CatalogRowText[];
  checked: boolean;
  confirmed: boolean;
  /** The rows recorded, by number; read in place by the fold, like a product's reservations. */
  recorded: Set<number>;
  counts: RowCounts;
  finished: boolean;
}

export const CATALOG_IMPORT_MESSAGES = {
  notFound: /*i18n*/ 'No such import',
  notYours: /*i18n*/ 'You can only confirm your own imports',
} as const;

const notFound = () => new DomainError('not_found', CATALOG_IMPORT_MESSAGES.notFound, 'not_found');

export const catalogImportDecider: Decider<CatalogImportCommand, CatalogImport | null, CatalogImportEvent> = {
  initialState: null,

  evolve(state, { type, data }) {
    if (type === 'CatalogImportRowsReceived') {
      const { importId, sellerId, rows } = data;
      if (state !== null) return { ...state, rows: [...state.rows, ...rows] };
      return {
        importId,
        sellerId,
        rows,
        checked: false,
        confirmed: false,
        recorded: new Set(),
        counts: noRows(),
        finished: false,
      };
    }
    if (state === null) return state;
    switch (type) {
      case 'CatalogImportChecked':
        return { ...state, checked: true };
      case 'CatalogImportConfirmed':
        return { ...state, confirmed: true };
      case 'CatalogImportRowsApplied':
        for (const { row } of data.results) state.recorded.add(row);
        return { ...state, counts: countsOf(data.results, state.counts) };
      case 'CatalogImportFinished':
        return { ...state, finished: true };
    }
  },

  decide(command, state) {
    if (command.type === 'ReceiveRows') {
      const { type: _, ...data } = command;
      // Rows received already (a retry) are not received again.
      return (state?.rows.length ?? 0) > command.first ? [] : [{ type: 'CatalogImportRowsReceived', data }];
    }
    if (state === null) throw notFound();
    const { importId, sellerId } = state;
    switch (command.type) {
      case 'CheckImport':
        return state.checked
          ? []
          : [
              {
                type: 'CatalogImportChecked',
                data: { importId, sellerId, fileName: command.fileName, rows: state.rows.length, at: command.at },
              },
            ];
      case 'ConfirmImport':
        // Another seller's import, or one never checked, is as missing as one that does not exist.
        if (command.actor.userId !== sellerId || !state.checked) throw notFound();
        if (!command.actor.roles.includes('seller')) throw forbidden(CATALOG_IMPORT_MESSAGES.notYours);
        return state.confirmed
          ? []
          : [
              {
                type: 'CatalogImportConfirmed',
                data: { importId, sellerId, by: command.actor.userId, at: command.at },
              },
            ];
      case 'RecordRows': {
        const results = command.results.filter(({ row }) => !state.recorded.has(row));
        return results.length === 0
          ? []
          : [{ type: 'CatalogImportRowsApplied', data: { importId, sellerId, results, at: command.at } }];
      }
      case 'FinishImport':
        return state.finished
          ? []
          : [{ type: 'CatalogImportFinished', data: { importId, sellerId, counts: state.counts, at: command.at } }];
    }
  },
};
