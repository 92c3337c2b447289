import type { TransferState } from '../../../domain/ledger/entries.ts';

/** Where a transfer to a seller stands, in words and colour. */
const STATES: Record<TransferState, { label: string; badge: string }> = {
  on_hold: { label: 'On hold', badge: 'badge-warning' },
  released: { label: 'Released', badge: 'badge-success' },
  reversed: { label: 'Reversed', badge: 'badge-neutral' },
};

/** A transfer's state: on hold until its order's return window closes, released to the seller, or reversed whole. */
export function TransferStateBadge({ state, className = '' }: { state: TransferState; className?: string }) {
  const { label, badge } = STATES[state];
  return <span className={`badge badge-sm ${badge} ${className}`}>{label}</span>;
}
