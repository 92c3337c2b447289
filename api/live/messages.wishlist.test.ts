import { expect, it } from 'vitest';
import { BUYER_NOTIFICATIONS } from '../../projections/buyer-notifications/projection.ts';
import { LiveMessages, Wire } from './messages.ts';
import { priceDropNotice } from '../../projections/buyer-notifications/documents.fixtures.ts';

const update = (read: boolean) => priceDropNotice('wishlist-asha-e-1', { read, position: 42 });

it('sends a notification of a saved product, new or read, to its buyer alone, while they are a buyer', () => {
  const messages = new LiveMessages(new Set()).of([
    { collection: BUYER_NOTIFICATIONS, id: 'wishlist-asha-e-1', doc: update(false) },
    { collection: BUYER_NOTIFICATIONS, id: 'wishlist-asha-e-1', doc: update(true) },
  ]);
  expect(messages.map(({ event, audience, data }) => [event, audience, JSON.parse(data).read])).toEqual([
    ['buyer-notification.changed', 'asha', false],
    ['buyer-notification.changed', 'asha', true],
  ]);
  const wire = Wire.of(7, messages);
  expect(wire.for('asha', ['buyer'])?.toString()).toContain('event: buyer-notification.changed');
  expect(wire.for('ravi', ['buyer'])).toBeUndefined();
  expect(wire.for(null)).toBeUndefined();
  // A buyer role revoked: their notifications stop with it.
  expect(wire.for('asha', ['seller'])).toBeUndefined();
});
