import type { Paise } from '../money.ts';
import type { DeliveryMethod } from './options.ts';

export const orderStream = (orderId: string): string => `order-${orderId}`;

/** A product as it was bought: later edits of the product do not change the order. */
export interface OrderLine {
  productId: string;
  name: string;
  pricePaise: Paise;
  quantity: number;
  imageUrl: string | null;
  sellerId: string;
  sellerName: string;
  categoryId: string;
}

export interface ShippingAddress {
  firstName: string;
  lastName: string;
  /** Ten digits, without +91 or a leading 0. */
  phone: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
}

interface Stamp {
  orderId: string;
  by: string;
  at: string;
}

export type OrderEvent =
  | {
      type: 'OrderPlaced';
      data: {
        orderId: string;
        buyerId: string;
        buyerName: string;
        lines: OrderLine[];
        shippingAddress: ShippingAddress;
        delivery: DeliveryMethod;
        /** The only payment method on offer. */
        payment: 'cod';
        subtotalPaise: Paise;
        deliveryChargePaise: Paise;
        totalPaise: Paise;
        placedAt: string;
      };
    }
  | { type: 'OrderProcessing'; data: Stamp }
  | { type: 'OrderShipped'; data: Stamp }
  | { type: 'OrderDelivered'; data: Stamp }
  | { type: 'OrderCancelled'; data: Stamp & { reason: string } };
