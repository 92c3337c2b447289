/**
 * What each kind of notice mail is (the domain's NOTICE_MAILS), in the language on screen: the
 * account page offers them by these texts, kept in the auth catalog and keyed by the domain's kind.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { NoticeKind } from '../../../../domain/notification/notices.ts';
import { i18n } from '../../i18n/i18n.ts';

const NOTICE_MAIL_TEXTS: Record<NoticeKind, MessageDescriptor> = {
  order_processing: msg`A seller starts preparing your order`,
  order_shipped: msg`Your order is shipped`,
  order_delivered: msg`Your order is delivered`,
  order_cancelled: msg`A seller or MIBI cancels your order`,
  order_move_undone: msg`A seller undoes a move on your order`,
  return_accepted: msg`Your return is accepted and refunded`,
  return_rejected: msg`Your return is rejected`,
  buyer_cancelled: msg`A buyer cancels an order`,
  staff_cancelled: msg`MIBI cancels one of your orders`,
  return_requested: msg`A buyer asks for a return`,
  review_submitted: msg`A buyer reviews one of your products`,
  help_answered: msg`A seller answers or resolves your help request`,
  dispute_decided: msg`MIBI decides on your help request`,
  help_requested: msg`A buyer asks for help with an order`,
  dispute_opened: msg`A buyer takes a help request to MIBI`,
  dispute_decided_seller: msg`MIBI decides on a help request about your order`,
  certificate_expiring: msg`One of your certificates ends in 30 or 7 days`,
  certificate_expired: msg`One of your certificates has expired`,
};

export const noticeMailLabel = (kind: NoticeKind): string => i18n._(NOTICE_MAIL_TEXTS[kind]);
