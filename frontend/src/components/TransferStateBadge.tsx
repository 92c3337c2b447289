import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { TransferState } from '../../../domain/ledger/entries.ts';

/** Where a transfer to a seller stands, in words and colour. */
const STATES: Record<TransferState, { label: MessageDescriptor; badge: string }> = {
  on_hold: { label: msg`On hold`, badge: 'badge-warning' },
  released: { label: msg`Released`, badge: 'badge-success' },
  reversed: { label: msg`Reversed`, badge: 'badge-neutral' },
};

/** A transfer's state: on hold until its order's return window closes, released to the seller, or reversed whole. */
export function TransferStateBadge({ state, className = '' }: { state: TransferState; className?: string }) {
  const { t } = useLingui();
  const { label, badge } = STATES[state];
  return <span className={`badge badge-sm ${badge} ${className}`}>{t(label)}</span>;
}
