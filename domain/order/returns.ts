/** What of a seller order its buyer has asked back: one reading for the decider and the buyer's screens. */
import { later } from '../time.ts';
import type { ReturnLine } from './events.ts';

const DAY_MS = 86_400_000;

/** When a seller order's return window closes: `windowDays` after its delivery (ISO-8601 UTC). */
export const returnWindowCloses = (deliveredAt: string, windowDays: number): string =>
  later(deliveredAt, windowDays * DAY_MS);

export type ReturnStatus = 'requested' | 'accepted' | 'rejected';

interface AskedBack {
  status: ReturnStatus;
  lines: ReadonlyArray<Pick<ReturnLine, 'productId' | 'quantity'>>;
}

/** Units of a product in `returns` (of `status` only, when given). A refused return's units count: a refusal is final. */
export function unitsAskedBack(returns: readonly AskedBack[], productId: string, status?: ReturnStatus): number {
  return returns
    .filter((r) => status === undefined || r.status === status)
    .flatMap((r) => r.lines)
    .filter((line) => line.productId === productId)
    .reduce((units, line) => units + line.quantity, 0);
}

/** Whether no units of a product are left to ask back because a return of them was refused (none is open). */
export const returnRefused = (returns: readonly AskedBack[], productId: string): boolean =>
  unitsAskedBack(returns, productId, 'rejected') > 0 && unitsAskedBack(returns, productId, 'requested') === 0;
