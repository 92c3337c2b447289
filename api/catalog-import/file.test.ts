import { describe, expect, it } from 'vitest';
import { CATALOG_COLUMNS } from '../../domain/catalog-import/rows.ts';
import { MAX_CATALOG_ROWS, readCatalogFile } from './file.ts';

const HEADER = 'name,description,price,stock,category';
const bytes = (text: string) => new TextEncoder().encode(text);

describe('a catalog file', () => {
  it('reads a row that stops before the last columns as having them empty', () => {
    expect(readCatalogFile(bytes(`${HEADER}\nShawl,Soft shawl,4500`))).toMatchObject({
      ok: true,
      rows: [{ name: 'Shawl', price: '4500', stock: '', category: '' }],
    });
  });

  it('reads RFC 4180: quoted commas, quotes and line breaks, CRLF, a byte order mark, blank lines', () => {
    const file = `\uFEFF${HEADER}\r\n"Shawl, pashmina","Soft ""ring"" shawl,\r\nhand-spun",4500,3,textiles\r\n\r\n`;
    const read = readCatalogFile(bytes(file));
    expect(read).toMatchObject({
      ok: true,
      rows: [{ name: 'Shawl, pashmina', description: 'Soft "ring" shawl,\r\nhand-spun' }],
    });
    expect(read.ok && Object.keys(read.rows[0]!)).toEqual([...CATALOG_COLUMNS]);
  });

  it('refuses what is not CSV text, in one sentence', () => {
    const refusal = (content: Uint8Array) => {
      const read = readCatalogFile(content);
      return read.ok ? null : read.message;
    };
    expect(refusal(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBe(
      'This file is not CSV text: save the sheet as CSV (UTF-8) and try again',
    );
    expect(refusal(bytes('PK\u0003\u0004 a zip file'))).toBe(
      'This file is not CSV text: save the sheet as CSV (UTF-8) and try again',
    );
    expect(refusal(bytes(''))).toBe('This file has no rows: the first row names the columns, then one row per product');
    expect(refusal(bytes(`${HEADER}\nShawl,Soft,4500,3,textiles,extra`))).toBe(
      'Line 2 has a different number of fields from the first line',
    );
    expect(refusal(bytes(`${HEADER}\n"Shawl,Soft,4500,3,textiles\n`))).toBe(
      'A quoted field is never closed: check the quotes in the file',
    );
    expect(refusal(bytes(`title,cost\nShawl,4500\n`))).toBe(
      'The first row must name the columns; missing: name, description, price, stock, category',
    );
    const tooMany = `${HEADER}\n${'Shawl,Soft shawl,4500,3,textiles\n'.repeat(MAX_CATALOG_ROWS + 1)}`;
    expect(refusal(bytes(tooMany))).toBe('A file can have at most 5,000 rows; split it into several');
  });
});
