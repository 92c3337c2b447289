/** Test fixture: a notice of a move on an order as notify-parties records it, for the notification projections. */
import type { NotificationEvent } from '../domain/notification/events.ts';

/** A buyer's notice of a shipped part (to asha), or a seller's of a buyer's cancel (to meera), of seller order o-1-1. */
export const noticeRecorded = (notificationId: string, role: 'buyer' | 'seller', at: string): NotificationEvent => ({
  type: 'NoticeRecorded',
  data: {
    notificationId,
    orderId: 'o-1',
    sellerOrderId: 'o-1-1',
    productId: null,
    at,
    ...(role === 'buyer'
      ? {
          role,
          kind: 'order_shipped',
          recipientId: 'asha',
          title: 'Order #o-1-1 is shipped',
          body: 'Meera Weaves has shipped 1 × Brass Diya.',
        }
      : {
          role,
          kind: 'buyer_cancelled',
          recipientId: 'meera',
          title: 'Order #o-1-1 cancelled by the buyer',
          body: 'Asha Rao cancelled 1 × Brass Diya.\nReason: Ordered twice',
        }),
  },
});
