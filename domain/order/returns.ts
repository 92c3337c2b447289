/** What of a seller order its buyer has asked back: one reading for the decider and the buyer's screens. */
import { later } from '../time.ts';
import type { ReturnLine } from './events.ts';
import { lineKey } from './line-key.ts';

const DAY_MS = 86_400_000;

/** When a seller order's return window closes: `windowDays` after its delivery (ISO-8601 UTC). */
export const returnWindowCloses = (deliveredAt: string, windowDays: number): string =>
  later(deliveredAt, windowDays * DAY_MS);

export type ReturnStatus = 'requested' | 'accepted' | 'rejected';

interface AskedBack {
  status: ReturnStatus;
  /** A return's lines as its events hold them, or as the read model shows them (with their `lineKey`). */
  lines: ReadonlyArray<
    Pick<ReturnLine, 'productId' | 'variantId' | 'personalisation' | 'quantity'> & { lineKey?: string }
  >;
}

/**
 * Units of the line named `key` (its lineKey; the product id for a product sold as one thing)
 * in `returns` (of `status` only, when given). A refused return's units count: a refusal is final.
 */
export function unitsAskedBack(returns: readonly AskedBack[], key: string, status?: ReturnStatus): number {
  return returns
    .filter((r) => status === undefined || r.status === status)
    .flatMap((r) => r.lines)
    .filter((line) => (line.lineKey ?? lineKey(line)) === key)
    .reduce((units, line) => units + line.quantity, 0);
}

/** Whether no units of a line are left to ask back because a return of them was refused (none is open). */
export const returnRefused = (returns: readonly AskedBack[], key: string): boolean =>
  unitsAskedBack(returns, key, 'rejected') > 0 && unitsAskedBack(returns, key, 'requested') === 0;
