/** How the history view names, groups and acts on each kind of event (types as the API gives them). */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { IconName } from '../../../components/Icon.tsx';
import type { FieldChange, HistoryEntry } from '../types.ts';

/** The filters of the history: every entry belongs to one of them (or to none, if the API adds a type this SPA does not know). */
export type EntryKind = 'edits' | 'stock' | 'status' | 'reviews';

export const KIND_LABELS: Record<EntryKind, MessageDescriptor> = {
  edits: msg`Edits`,
  stock: msg`Stock`,
  status: msg`Status`,
  reviews: msg`Reviews`,
};

interface EntryStyle {
  title: MessageDescriptor;
  kind: EntryKind;
  icon: IconName;
}

const STYLES: Record<string, EntryStyle> = {
  ProductListed: { title: msg`Listed`, kind: 'edits', icon: 'plus' },
  ProductUpdated: { title: msg`Edited`, kind: 'edits', icon: 'pencil' },
  ProductRevisionSubmitted: { title: msg`Changes sent for review`, kind: 'edits', icon: 'clock' },
  ProductRevisionApproved: { title: msg`Changes approved`, kind: 'edits', icon: 'shieldCheck' },
  ProductRevisionRejected: { title: msg`Changes rejected`, kind: 'status', icon: 'circleX' },
  ProductRevisionWithdrawn: { title: msg`Changes withdrawn`, kind: 'edits', icon: 'pencil' },
  ProductTranslated: { title: msg`Translated`, kind: 'edits', icon: 'pencil' },
  StockAdjusted: { title: msg`Stock adjusted`, kind: 'stock', icon: 'package' },
  StockReserved: { title: msg`Stock reserved by an order`, kind: 'stock', icon: 'cart' },
  StockReleased: { title: msg`Stock released`, kind: 'stock', icon: 'package' },
  ProductVerified: { title: msg`Verified`, kind: 'status', icon: 'shieldCheck' },
  ProductRejected: { title: msg`Rejected`, kind: 'status', icon: 'circleX' },
  ProductResubmitted: { title: msg`Resubmitted for review`, kind: 'status', icon: 'clock' },
  ProductFeatured: { title: msg`Featured`, kind: 'status', icon: 'award' },
  ProductUnfeatured: { title: msg`No longer featured`, kind: 'status', icon: 'award' },
  ProductDelisted: { title: msg`Delisted`, kind: 'status', icon: 'trash' },
  ReviewSubmitted: { title: msg`Review received`, kind: 'reviews', icon: 'heart' },
  ReviewEdited: { title: msg`Review edited`, kind: 'reviews', icon: 'heart' },
};

/** A type this SPA does not know yet: shown with the API's words, under All only. */
const UNKNOWN: Omit<EntryStyle, 'kind'> & { kind: null } = { title: msg`Change`, kind: null, icon: 'circleHelp' };

/** An edit that brought back an earlier version. */
const RESTORED: EntryStyle = { title: msg`Restored`, kind: 'edits', icon: 'pencil' };

export const entryStyle = (entry: HistoryEntry): Omit<EntryStyle, 'kind'> & { kind: EntryKind | null } =>
  entry.restores ? RESTORED : Object.hasOwn(STYLES, entry.type) ? STYLES[entry.type]! : UNKNOWN;

/** The events that set the editable fields of the live product: the version after them can be brought back. */
const RESTORABLE = new Set(['ProductListed', 'ProductUpdated', 'ProductRevisionApproved']);

export const isRestorable = (entry: HistoryEntry): boolean => RESTORABLE.has(entry.type);

/** Edits show their fields in a before → after table (it holds a long description whole, where the summary cuts it). */
const WITH_CHANGES = new Set([
  'ProductUpdated',
  'ProductRevisionSubmitted',
  'ProductRevisionApproved',
  'ProductTranslated',
]);

export const showsChangesTable = (entry: HistoryEntry): boolean =>
  WITH_CHANGES.has(entry.type) && (entry.changes?.length ?? 0) > 0;

/** Orders reserving and releasing stock: their summary gives the quantity and the reason, not the stock before and after. */
const ORDER_STOCK_MOVES = new Set(['StockReserved', 'StockReleased']);

export const stockMoveOf = (entry: HistoryEntry): FieldChange | undefined =>
  ORDER_STOCK_MOVES.has(entry.type) ? entry.changes?.[0] : undefined;
