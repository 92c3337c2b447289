import { expect, it } from 'vitest';
import { AT, given } from '../testing.ts';
import { confirmationDecider, orderConfirmationMail } from './confirmation.ts';
import type { OrderLine, OrderPlacedEvent } from './events.ts';
import { sellerOrdersOf } from './upcast.ts';
import { KOCHI_ADDRESS } from './addresses.fixtures.ts';
import { parseRate } from '../currency/convert.ts';

const orderId = '3f2b9c1e-5b6e-4f70-9a81-0c2d3e4f5a6b';
const line = (sellerId: string, sellerName: string, name: string, pricePaise: number, quantity = 1): OrderLine => ({
  productId: `p-${name}`,
  name,
  pricePaise,
  quantity,
  imageUrl: null,
  sellerId,
  sellerName,
  categoryId: 'handicrafts',
});
const lines = [
  line('s-1', 'Meera Weaves', 'Banarasi Silk Saree', 450_000, 2),
  line('s-2', 'Kashmir Looms', 'Pashmina Shawl', 1_250_000),
  line('s-1', 'Meera Weaves', 'Brass Diya', 35_050),
];
const purchase: OrderPlacedEvent['data'] = {
  orderId,
  buyerId: 'buyer-1',
  buyerName: 'Kavya Menon',
  lines,
  sellerOrders: sellerOrdersOf(orderId, lines, AT),
  shippingAddress: KOCHI_ADDRESS,
  delivery: 'express',
  payment: 'cod',
  subtotalPaise: 2_185_050,
  deliveryChargePaise: 15_000,
  totalPaise: 2_200_050,
  placedAt: AT,
};

it('confirms the purchase with each seller order, its lines and subtotal, delivery, total and address', () => {
  const { subject, text } = orderConfirmationMail('Kavya Menon', purchase);
  expect(subject).toBe('Your MIBI order #3f2b9c1e is confirmed');
  expect(text).toBe(
    [
      'Hello Kavya Menon,',
      '',
      'Thank you for shopping on MIBI. Your order #3f2b9c1e is confirmed.',
      'It comes from 2 sellers, each shipping their own part:',
      '',
      'Order #3f2b9c1e-1, sold by Meera Weaves',
      '  2 × Banarasi Silk Saree at ₹4,500.00',
      '  1 × Brass Diya at ₹350.50',
      '  Subtotal: ₹9,350.50',
      '',
      'Order #3f2b9c1e-2, sold by Kashmir Looms',
      '  1 × Pashmina Shawl at ₹12,500.00',
      '  Subtotal: ₹12,500.00',
      '',
      'Express Delivery (2-3 business days): ₹150.00',
      'Total: ₹22,000.50',
      'Payment: Cash on Delivery',
      '',
      'Delivering to:',
      'Kavya Menon',
      '21 MG Road',
      'Kochi, Kerala 682016',
      'Phone: 9847012345',
      '',
      'Follow each part of your order under My Account on MIBI.',
      '',
    ].join('\n'),
  );
});

it('speaks of one order when one seller sells it all', () => {
  const one = lines.filter((l) => l.sellerId === 's-2');
  const { text } = orderConfirmationMail('Kavya Menon', {
    ...purchase,
    lines: one,
    sellerOrders: sellerOrdersOf(orderId, one, AT),
  });
  expect(text).toContain('Your order:\n\nOrder #3f2b9c1e-1, sold by Kashmir Looms\n');
  expect(text).not.toContain('Meera');
});

it('records the confirmation mail once, however often the job records it', () => {
  const data = { orderId, buyerId: 'buyer-1', to: 'kavya@mibi.test', at: AT };
  const record = { type: 'RecordConfirmationMailed', ...data } as const;
  const mailed = { type: 'OrderConfirmationMailed', data } as const;
  given(confirmationDecider).when(record).then([mailed]);
  given(confirmationDecider, [mailed]).when(record).then([]);
});

it('gives the total also in the buyer’s currency, at the rate of the order, marked approximate beside the rupees charged', () => {
  // ₹22,000.50 at ₹91.2347 per euro: 241.1417... euros.
  const { text } = orderConfirmationMail('Kavya Menon', purchase, { currency: 'EUR', rate: parseRate('91.2347')! });
  expect(text).toContain('\nTotal: ₹22,000.50 (≈ €241.14; you are charged in rupees)\nPayment: Cash on Delivery\n');
});
