import { describe, expect, it } from 'vitest';
import type { Actor } from '../actor.ts';
import { fold } from '../decider.ts';
import { type CatalogImportEvent, type RowResult, catalogImportDecider } from './import.ts';
import { CATALOG_COLUMNS, rowText } from './rows.ts';

const SELLER: Actor = { userId: 'seller-1', roles: ['seller'] };
const AT = '2026-11-27T10:00:00.000Z';
const ROWS = [rowText([...CATALOG_COLUMNS], ['', 'Shawl']), rowText([...CATALOG_COLUMNS], ['', 'Saree'])];

const received: CatalogImportEvent = {
  type: 'CatalogImportRowsReceived',
  data: { importId: 'i-1', sellerId: SELLER.userId, first: 0, rows: ROWS },
};
const checked: CatalogImportEvent = {
  type: 'CatalogImportChecked',
  data: { importId: 'i-1', sellerId: SELLER.userId, fileName: 'a.csv', rows: 2, at: AT },
};
const confirmed: CatalogImportEvent = {
  type: 'CatalogImportConfirmed',
  data: { importId: 'i-1', sellerId: SELLER.userId, by: SELLER.userId, at: AT },
};
const result = (row: number): RowResult => ({
  row,
  outcome: 'created',
  productId: `p-${row}`,
  name: 'Shawl',
  message: null,
});

const decide = (given: CatalogImportEvent[], command: Parameters<typeof catalogImportDecider.decide>[0]) =>
  catalogImportDecider.decide(command, fold(catalogImportDecider, given));

describe('a catalog import stream', () => {
  it('receives rows once and is checked once', () => {
    expect(
      decide([received], { type: 'ReceiveRows', importId: 'i-1', sellerId: 'seller-1', first: 0, rows: ROWS }),
    ).toEqual([]);
    expect(decide([received], { type: 'CheckImport', fileName: 'a.csv', at: AT })).toEqual([checked]);
    expect(decide([received, checked], { type: 'CheckImport', fileName: 'a.csv', at: AT })).toEqual([]);
  });

  it('is confirmed by its seller only, once checked, and once', () => {
    expect(decide([received, checked], { type: 'ConfirmImport', actor: SELLER, at: AT })).toEqual([confirmed]);
    expect(decide([received, checked, confirmed], { type: 'ConfirmImport', actor: SELLER, at: AT })).toEqual([]);
    const other: Actor = { userId: 'seller-2', roles: ['seller'] };
    expect(() => decide([received, checked], { type: 'ConfirmImport', actor: other, at: AT })).toThrow(
      'No such import',
    );
    expect(() => decide([received], { type: 'ConfirmImport', actor: SELLER, at: AT })).toThrow('No such import');
  });

  it('records each row once, and finishes with the counts', () => {
    const first = decide([received, checked, confirmed], { type: 'RecordRows', results: [result(2)], at: AT });
    expect(first).toHaveLength(1);
    const again = decide([received, checked, confirmed, ...first], {
      type: 'RecordRows',
      results: [result(2), result(3)],
      at: AT,
    });
    expect(again).toEqual([
      {
        type: 'CatalogImportRowsApplied',
        data: { importId: 'i-1', sellerId: 'seller-1', results: [result(3)], at: AT },
      },
    ]);
    expect(decide([received, checked, confirmed, ...first, ...again], { type: 'FinishImport', at: AT })).toEqual([
      {
        type: 'CatalogImportFinished',
        data: {
          importId: 'i-1',
          sellerId: 'seller-1',
          counts: { created: 2, updated: 0, unchanged: 0, refused: 0 },
          at: AT,
        },
      },
    ]);
  });
});
