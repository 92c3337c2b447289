import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OrderStatus, UndoableStatus } from '../../../../domain/order/status.ts';
import type { ForwardStatus } from './orders.ts';

/** A status as a word inside a sentence ("Order #1a2b3c4d-2 is now shipped."): the API's value in English. */
export const STATUS_WORDS: Record<OrderStatus, MessageDescriptor> = {
  pending: msg`pending`,
  processing: msg`processing`,
  shipped: msg`shipped`,
  delivered: msg`delivered`,
  cancelled: msg`cancelled`,
};

/** The button that moves an order on ("Mark shipped"). */
export const MARK_LABELS: Record<ForwardStatus, MessageDescriptor> = {
  processing: msg`Mark processing`,
  shipped: msg`Mark shipped`,
  delivered: msg`Mark delivered`,
};

/** The button that takes a move back while it may be ("Undo shipped"). */
export const UNDO_LABELS: Record<UndoableStatus, MessageDescriptor> = {
  processing: msg`Undo processing`,
  shipped: msg`Undo shipped`,
};
