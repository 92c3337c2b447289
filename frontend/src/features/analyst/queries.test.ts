import { describe, expect, it } from 'vitest';
import { analystHref, sharedQueryOf, typeQuery } from './queries.ts';

describe('the analyst page address', () => {
  it('keeps the query and its "as of", and reads them back', () => {
    const shared = { q: "select type, count(*) from events where type <> 'X' group by 1", asOf: '2026-10-01' };
    const href = analystHref(shared);
    expect(href.startsWith('/analyst?q=')).toBe(true);
    expect(sharedQueryOf(href.slice(href.indexOf('?')))).toEqual(shared);
  });

  it('is the bare page without a query', () => {
    expect(analystHref({ q: '  ', asOf: '' })).toBe('/analyst');
  });
});

describe('a type from the catalog', () => {
  it("queries its typed view, or the log's rows of a type without a recorded schema", () => {
    expect(typeQuery('OrderPlaced', true)).toBe('select * from "OrderPlaced" limit 100');
    expect(typeQuery('LegacyThing', false)).toBe("select * from events where type = 'LegacyThing' limit 100");
  });
});
