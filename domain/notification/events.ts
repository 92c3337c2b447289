/** One notification per seller and order: the job, the stream and the read model share this id. */
export const notificationId = (sellerId: string, orderId: string): string => `${sellerId}-${orderId}`;

export const notificationStream = (notificationId: string): string => `notification-${notificationId}`;

export type NotificationEvent =
  | {
      type: 'SellerNotified';
      data: { notificationId: string; sellerId: string; orderId: string; title: string; body: string; at: string };
    }
  | { type: 'NotificationRead'; data: { notificationId: string; by: string; at: string } }
  /** The e-mail of the notification went out (so a retried job does not send it again). */
  | { type: 'NotificationMailed'; data: { notificationId: string; to: string; at: string } };
