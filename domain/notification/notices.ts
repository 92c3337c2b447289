/**
 * What buyers and sellers are told of each other's moves: the buyer of each move a seller (or
 * an admin) makes on their part of a purchase and of the answer to a return; the seller of a
 * buyer's cancel, a return request and a new review of their product, and of a cancel by MIBI
 * (an admin). Each such event of the log makes one notice, named after the event (a cancel by
 * MIBI two: the buyer's and the seller's), told in the app and (as its recipient chooses) by
 * e-mail. Each step of a help request tells the other side: the seller of a request and of its
 * being taken to MIBI, the buyer of an answer or resolution, both of MIBI's decision.
 */
import { HELP_REASON_LABELS } from '../dispute/events.ts';
import { english } from '../i18n/message.ts';
import { formatInr, sum } from '../money.ts';
import type { OrderEvent, OrderLine, OrderPlacedEvent, ReturnLine } from '../order/events.ts';
import { shortReturnId, shortSellerOrderId } from '../order/status.ts';
import type { CertificateEvent } from '../provenance/events.ts';
import type { ReviewEvent } from '../review/events.ts';

/** The statuses an undone move leaves and returns to, as a notice says them: catalog messages, so a mail or the app reads them in the reader's language. */
const UNDONE_STATUS_WORDS: Record<'pending' | 'processing' | 'shipped', string> = {
  pending: /*i18n*/ 'pending',
  processing: /*i18n*/ 'processing',
  shipped: /*i18n*/ 'shipped',
};

/** The notices a buyer gets, in the order the account page lists them. */
export const BUYER_NOTICES = [
  'order_processing',
  'order_shipped',
  'order_delivered',
  'order_cancelled',
  'order_move_undone',
  'return_accepted',
  'return_rejected',
  'help_answered',
  'dispute_decided',
] as const;
/** The notices a seller gets. */
export const SELLER_NOTICES = [
  'buyer_cancelled',
  'staff_cancelled',
  'return_requested',
  'review_submitted',
  'help_requested',
  'dispute_opened',
  'dispute_decided_seller',
  'certificate_expiring',
  'certificate_expired',
] as const;
export const NOTICE_KINDS = [...BUYER_NOTICES, ...SELLER_NOTICES] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** What each kind of mail is, as the account page offers it. */
export const NOTICE_MAILS: Readonly<Record<NoticeKind, string>> = {
  order_processing: 'A seller starts preparing your order',
  order_shipped: 'Your order is shipped',
  order_delivered: 'Your order is delivered',
  order_cancelled: 'A seller or MIBI cancels your order',
  order_move_undone: 'A seller undoes a move on your order',
  return_accepted: 'Your return is accepted and refunded',
  return_rejected: 'Your return is rejected',
  buyer_cancelled: 'A buyer cancels an order',
  staff_cancelled: 'MIBI cancels one of your orders',
  return_requested: 'A buyer asks for a return',
  review_submitted: 'A buyer reviews one of your products',
  help_answered: 'A seller answers or resolves your help request',
  dispute_decided: 'MIBI decides on your help request',
  help_requested: 'A buyer asks for help with an order',
  dispute_opened: 'A buyer takes a help request to MIBI',
  dispute_decided_seller: 'MIBI decides on a help request about your order',
  certificate_expiring: 'One of your certificates ends in 30 or 7 days',
  certificate_expired: 'One of your certificates has expired',
};

/** The events that call for a notice. */
export const NOTICE_EVENTS = [
  'SellerOrderProcessing',
  'SellerOrderShipped',
  'SellerOrderDelivered',
  'SellerOrderCancelled',
  'SellerOrderStatusReverted',
  'ReturnRequested',
  'ReturnAccepted',
  'ReturnRejected',
  'HelpRequested',
  'HelpAnswered',
  'HelpResolved',
  'HelpEscalated',
  'DisputeDecided',
  'ReviewSubmitted',
  'CertificateExpiryNoticed',
  'CertificateExpired',
] as const satisfies ReadonlyArray<(OrderEvent | ReviewEvent | CertificateEvent)['type']>;

export type NoticeEvent = Extract<
  OrderEvent | ReviewEvent | CertificateEvent,
  { type: (typeof NOTICE_EVENTS)[number] }
>;
export type CertificateNoticeEvent = Extract<NoticeEvent, { type: 'CertificateExpiryNoticed' | 'CertificateExpired' }>;
export type OrderNoticeEvent = Exclude<NoticeEvent, { type: 'ReviewSubmitted' } | CertificateNoticeEvent>;

/** The notice of an event; `seller` names the second one of an event that tells both sides (a cancel by MIBI). */
export const noticeId = (eventId: string, second?: 'seller'): string =>
  second ? `notice-${eventId}-${second}` : `notice-${eventId}`;

/** Who is told, as what, of what. */
type Told =
  | { role: 'buyer'; kind: (typeof BUYER_NOTICES)[number] }
  | { role: 'seller'; kind: (typeof SELLER_NOTICES)[number] };

/** A notice as recorded: to whom, of what, and its words. */
export type Notice = Told & {
  notificationId: string;
  recipientId: string;
  /** The purchase and its part told of; null for a review. */
  orderId: string | null;
  sellerOrderId: string | null;
  /** The product reviewed; null for an order's notice. */
  productId: string | null;
  title: string;
  body: string;
  at: string;
};

export interface NoticeRecordedEvent {
  type: 'NoticeRecorded';
  data: Notice;
}

const items = (lines: ReadonlyArray<Pick<OrderLine, 'quantity' | 'name'>>) =>
  lines.map(({ quantity, name }) => `${quantity} × ${name}`).join(', ');

/** The returned lines, named as the order names them. */
const returned = (lines: readonly ReturnLine[], orderLines: readonly OrderLine[]) =>
  items(
    lines.map(({ productId, quantity }) => ({
      quantity,
      name: orderLines.find((line) => line.productId === productId)?.name ?? productId,
    })),
  );

/**
 * The notices of a move on a seller order or a return, given the purchase it belongs to, and
 * the id of the event (which names them). A cancel by the buyer goes to the seller; by the
 * seller, to the buyer; by MIBI, to both. Only the buyer, the seller and an admin may cancel
 * a part (domain/order/decider.ts), so one by neither of the first two is an admin's.
 */
export function orderNotices(event: OrderNoticeEvent, eventId: string, purchase: OrderPlacedEvent['data']): Notice[] {
  const { orderId, sellerOrderId, sellerId, by, at } = event.data;
  const lines = purchase.lines.filter((line) => line.sellerId === sellerId);
  const seller = lines[0]?.sellerName ?? /*i18n*/ 'The seller';
  const number = shortSellerOrderId(sellerOrderId);
  const list = items(lines);
  const buyer = purchase.buyerName;
  const notice = (told: Told, title: string, ...body: string[]): Notice => ({
    ...told,
    notificationId: noticeId(eventId),
    recipientId: told.role === 'buyer' ? purchase.buyerId : sellerId,
    orderId,
    sellerOrderId,
    productId: null,
    title,
    body: body.join('\n'),
    at,
  });
  switch (event.type) {
    case 'SellerOrderProcessing':
      return [
        notice(
          { role: 'buyer', kind: 'order_processing' },
          english(/*i18n*/ 'Order #{number} is being prepared', { number }),
          english(/*i18n*/ '{seller} is preparing {list}.', { seller, list }),
        ),
      ];
    case 'SellerOrderShipped':
      return [
        notice(
          { role: 'buyer', kind: 'order_shipped' },
          english(/*i18n*/ 'Order #{number} is shipped', { number }),
          english(/*i18n*/ '{seller} has shipped {list}.', { seller, list }),
        ),
      ];
    case 'SellerOrderDelivered':
      return [
        notice(
          { role: 'buyer', kind: 'order_delivered' },
          english(/*i18n*/ 'Order #{number} is delivered', { number }),
          english(/*i18n*/ '{list} from {seller} delivered.', { list, seller }),
        ),
      ];
    case 'SellerOrderCancelled': {
      const reason = english(/*i18n*/ 'Reason: {reason}', { reason: event.data.reason });
      if (by === purchase.buyerId)
        return [
          notice(
            { role: 'seller', kind: 'buyer_cancelled' },
            english(/*i18n*/ 'Order #{number} cancelled by the buyer', { number }),
            english(/*i18n*/ '{buyer} cancelled {list}.', { buyer, list }),
            reason,
          ),
        ];
      if (by === sellerId)
        return [
          notice(
            { role: 'buyer', kind: 'order_cancelled' },
            english(/*i18n*/ 'Order #{number} cancelled by the seller', { number }),
            `${list}.`,
            reason,
          ),
        ];
      return [
        notice(
          { role: 'buyer', kind: 'order_cancelled' },
          english(/*i18n*/ 'Order #{number} cancelled by MIBI', { number }),
          english(/*i18n*/ 'MIBI staff cancelled {list} from {seller}.', { list, seller }),
          reason,
        ),
        {
          ...notice(
            { role: 'seller', kind: 'staff_cancelled' },
            english(/*i18n*/ 'Order #{number} cancelled by MIBI', { number }),
            english(/*i18n*/ "MIBI staff cancelled your part of {buyer}'s order: {list}.", { buyer, list }),
            reason,
          ),
          notificationId: noticeId(eventId, 'seller'),
        },
      ];
    }
    case 'SellerOrderStatusReverted': {
      const [from, to] = [UNDONE_STATUS_WORDS[event.data.from], UNDONE_STATUS_WORDS[event.data.to]];
      return [
        notice(
          { role: 'buyer', kind: 'order_move_undone' },
          english(/*i18n*/ 'Order #{number} is {to} again', { number, to }),
          english(/*i18n*/ '{seller} undid marking it {from}: it is {to} again.', { seller, from, to }),
        ),
      ];
    }
    case 'ReturnRequested': {
      const { returnId, reason } = event.data;
      return [
        notice(
          { role: 'seller', kind: 'return_requested' },
          english(/*i18n*/ 'Return requested: #{number}', { number: shortReturnId(returnId) }),
          english(/*i18n*/ '{buyer} asks to return {list}.', { buyer, list: returned(event.data.lines, lines) }),
          english(/*i18n*/ 'Reason: {reason}', { reason }),
          /*i18n*/ 'Accept or reject it under Incoming Orders.',
        ),
      ];
    }
    case 'ReturnAccepted': {
      const { returnId, reason, settlement } = event.data;
      const refund = formatInr(sum(settlement.map((line) => line.amountPaise)));
      return [
        notice(
          { role: 'buyer', kind: 'return_accepted' },
          english(/*i18n*/ 'Return accepted: #{number}', { number: shortReturnId(returnId) }),
          english(/*i18n*/ '{seller} accepted your return. {refund} is refunded to you.', { seller, refund }),
          english(/*i18n*/ 'Note: {reason}', { reason }),
        ),
      ];
    }
    case 'ReturnRejected': {
      const { returnId, reason } = event.data;
      return [
        notice(
          { role: 'buyer', kind: 'return_rejected' },
          english(/*i18n*/ 'Return rejected: #{number}', { number: shortReturnId(returnId) }),
          english(/*i18n*/ '{seller} rejected your return.', { seller }),
          english(/*i18n*/ 'Reason: {reason}', { reason }),
        ),
      ];
    }
    case 'HelpRequested': {
      const { reason, text, answerBy } = event.data;
      return [
        notice(
          { role: 'seller', kind: 'help_requested' },
          english(/*i18n*/ 'Help requested: Order #{number}', { number }),
          english(/*i18n*/ '{buyer} asks for help: {reason}.', { buyer, reason: HELP_REASON_LABELS[reason] }),
          `“${text}”`,
          english(
            /*i18n*/ 'Answer or resolve it by {time} UTC under Incoming Orders; after that the buyer can ask MIBI to decide.',
            { time: answerBy.slice(0, 16).replace('T', ' ') },
          ),
        ),
      ];
    }
    case 'HelpAnswered':
      return [
        notice(
          { role: 'buyer', kind: 'help_answered' },
          english(/*i18n*/ '{seller} answered your help request', { seller }),
          english(/*i18n*/ 'About Order #{number}: “{text}”', { number, text: event.data.text }),
          /*i18n*/ 'If this does not solve it, you can ask MIBI to decide from your order.',
        ),
      ];
    case 'HelpResolved': {
      const { resolution, refund, text } = event.data;
      const offer =
        resolution === 'refund'
          ? english(/*i18n*/ 'About Order #{number}: {seller} refunds {amount}.', {
              number,
              seller,
              amount: formatInr(refund?.amountPaise ?? 0),
            })
          : resolution === 'replacement'
            ? english(/*i18n*/ 'About Order #{number}: {seller} sends a replacement.', { number, seller })
            : english(
                /*i18n*/ 'About Order #{number}: {seller} takes the items back: ask for the return from your order.',
                { number, seller },
              );
      return [
        notice(
          { role: 'buyer', kind: 'help_answered' },
          english(/*i18n*/ '{seller} resolved your help request', { seller }),
          offer,
          `“${text}”`,
        ),
      ];
    }
    case 'HelpEscalated':
      return [
        notice(
          { role: 'seller', kind: 'dispute_opened' },
          english(/*i18n*/ 'Order #{number}: the buyer asks MIBI to decide', { number }),
          english(/*i18n*/ '{buyer} took their help request to MIBI: “{text}”', { buyer, text: event.data.text }),
          /*i18n*/ 'Your earning on this order is held until MIBI decides.',
        ),
      ];
    case 'DisputeDecided': {
      const { outcome, refund, reason } = event.data;
      const decision =
        outcome === 'refund'
          ? english(/*i18n*/ 'MIBI refunds {amount} to the buyer.', { amount: formatInr(refund?.amountPaise ?? 0) })
          : /*i18n*/ "MIBI closed the request in the seller's favour.";
      const title = english(/*i18n*/ 'MIBI decided on Order #{number}', { number });
      const why = english(/*i18n*/ 'Reason: {reason}', { reason });
      return [
        notice({ role: 'buyer', kind: 'dispute_decided' }, title, decision, why),
        {
          ...notice({ role: 'seller', kind: 'dispute_decided_seller' }, title, decision, why),
          notificationId: noticeId(eventId, 'seller'),
        },
      ];
    }
  }
}

/** The notice to a seller that one of its certificates ends soon, or has ended: its badge goes after its last day. */
export function certificateNotice({ type, data }: CertificateNoticeEvent, eventId: string, number: string): Notice {
  const common = {
    notificationId: noticeId(eventId),
    recipientId: data.sellerId,
    role: 'seller',
    orderId: null,
    sellerOrderId: null,
    productId: null,
    at: data.at,
  } as const;
  if (type === 'CertificateExpired')
    return {
      ...common,
      kind: 'certificate_expired',
      title: english(/*i18n*/ 'Certificate {number} has expired', { number }),
      body: /*i18n*/ 'Its badge no longer shows on your products. Submit the renewed certificate under Certificates.',
    };
  return {
    ...common,
    kind: 'certificate_expiring',
    title: english(/*i18n*/ 'Certificate {number} ends in {days} days', { number, days: data.daysBefore }),
    body: english(
      /*i18n*/ 'Its last valid day is {day}; after it, its badge goes from your products. Submit the renewed certificate under Certificates.',
      { day: data.validUntil },
    ),
  };
}

/** The notice of a new review to the seller of the product, named as it is. */
export function reviewNotice(
  { data }: Extract<ReviewEvent, { type: 'ReviewSubmitted' }>,
  eventId: string,
  product: { sellerId: string; name: string },
): Notice {
  return {
    notificationId: noticeId(eventId),
    recipientId: product.sellerId,
    role: 'seller',
    kind: 'review_submitted',
    orderId: null,
    sellerOrderId: null,
    productId: data.productId,
    title: english(/*i18n*/ 'New review: {name}', { name: product.name }),
    body: [
      english(/*i18n*/ '{author} gave {rating} of 5 stars.', { author: data.authorName, rating: data.rating }),
      `“${data.comment}”`,
    ].join('\n'),
    at: data.at,
  };
}
