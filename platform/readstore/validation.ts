import type { Scalar } from './port.ts';

/**
 * Checks on what callers hand to a query. Collection and field names end up in SQL text
 * and in MongoDB paths, and filter values must never smuggle in operators such as
 * `{ $ne: null }`, so both adapters accept only the shapes the port declares.
 */
const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;

/** Returns `name` when it is a plain identifier; throws naming what it was meant to be otherwise. */
export function identifier(kind: 'collection' | 'field', name: string): string {
  if (typeof name !== 'string' || !IDENTIFIER.test(name)) {
    throw new TypeError(
      `Invalid ${kind} name ${JSON.stringify(name)}: use a letter followed by letters, digits or underscores (at most 63)`,
    );
  }
  return name;
}

export type ScalarKind = 'null' | 'boolean' | 'number' | 'string';

/** The kind of an equality value; throws for anything that is not a `Scalar`. */
export function scalarKind(field: string, value: Scalar): ScalarKind {
  if (value === null) return 'null';
  const kind = typeof value;
  if (kind === 'boolean' || kind === 'number' || kind === 'string') return kind;
  throw new TypeError(`Invalid filter on ${field}: expected a string, number, boolean or null, got ${kind}`);
}
