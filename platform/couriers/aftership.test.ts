/**
 * The AfterShip adapter against the test courier that speaks its protocol: trackings registered
 * (again: no harm), webhooks read only when signed and recent, AfterShip's tags read as steps.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type WebhookBody, stepOf, webhookSignature } from './aftership-wire.ts';
import { AfterShipTracker, WEBHOOK_TOLERANCE_MS } from './aftership.ts';
import { CourierUnavailable } from './port.ts';
import { TestCourierControl } from './test-courier/control-client.ts';
import { type TestCourier, startTestCourier } from './test-courier/server.ts';

const received: Array<{ raw: string; signature: string | null }> = [];
let courier: TestCourier;
let tracker: AfterShipTracker;

beforeAll(async () => {
  courier = await startTestCourier({
    webhookUrl: 'http://mibi.test/api/shipments/webhook',
    send: async (_url, init) => {
      received.push({ raw: String(init.body), signature: new Headers(init.headers).get('aftership-hmac-sha256') });
      return new Response(null, { status: 200 });
    },
  });
  tracker = new AfterShipTracker({ kind: 'test', baseUrl: courier.url, ...courier.keys });
});
afterAll(() => courier.close());

it('reads the tags MIBI records as steps, and no others', () => {
  expect(stepOf('InTransit', 'InTransit_002')).toBe('picked_up');
  expect(stepOf('InTransit', 'InTransit_007')).toBe('in_transit');
  expect(stepOf('OutForDelivery', 'OutForDelivery_001')).toBe('out_for_delivery');
  expect(stepOf('AttemptFail', 'AttemptFail_001')).toBe('failed_attempt');
  expect(stepOf('Delivered', 'Delivered_001')).toBe('delivered');
  expect(stepOf('Exception', 'Exception_011')).toBe('returned_to_origin');
  expect(stepOf('Exception', 'Exception_004')).toBeNull();
  expect(stepOf('InfoReceived', 'InfoReceived_001')).toBeNull();
});

it('registers a tracking once (again is no failure), and reads the signed webhook the courier sends', async () => {
  const tracking = { slug: 'bluedart', trackingNumber: '12345678901', orderId: 'o-1-1' };
  await tracker.register(tracking);
  await tracker.register(tracking);
  const control = new TestCourierControl(courier.url, courier.keys.apiKey);
  expect(await control.trackings()).toHaveLength(1);
  await control.step({ slug: 'bluedart', tracking_number: '12345678901', tag: 'OutForDelivery', location: 'Mysuru' });
  const { raw, signature } = received.at(-1)!;
  const read = tracker.readWebhook(Buffer.from(raw), signature ?? undefined, Date.now());
  expect(read).toMatchObject({
    orderId: 'o-1-1',
    trackingNumber: '12345678901',
    step: 'out_for_delivery',
    location: 'Mysuru',
  });
});

it('refuses a webhook not signed with the secret, one sent too long ago, and one that is not a tracking update', () => {
  const body: WebhookBody = {
    event: 'tracking_update',
    event_id: 'e-1',
    ts: Math.floor(Date.now() / 1000),
    is_tracking_first_tag: true,
    msg: { id: 't', tracking_number: '1', slug: 'dtdc', order_id: null, tag: 'Delivered', subtag: '', checkpoints: [] },
  };
  const raw = JSON.stringify(body);
  const signed = (text: string) => webhookSignature(courier.keys.webhookSecret, text);
  expect(tracker.readWebhook(Buffer.from(raw), webhookSignature('other-secret', raw), Date.now())).toBe('signature');
  expect(tracker.readWebhook(Buffer.from(raw), undefined, Date.now())).toBe('signature');
  expect(tracker.readWebhook(Buffer.from(raw), signed(raw), Date.now() + WEBHOOK_TOLERANCE_MS + 2000)).toBe('stale');
  expect(tracker.readWebhook(Buffer.from('{"hello":1}'), signed('{"hello":1}'), Date.now())).toBe('malformed');
  expect(tracker.readWebhook(Buffer.from(raw), signed(raw), Date.now())).toMatchObject({ eventId: 'e-1', step: null });
});

it('says the service is unavailable when it cannot be reached, or refuses the key', async () => {
  const wrongKey = new AfterShipTracker({
    kind: 'test',
    baseUrl: courier.url,
    apiKey: 'not-the-key',
    webhookSecret: 'x',
  });
  await expect(wrongKey.register({ slug: 'dtdc', trackingNumber: 'D1234567', orderId: 'o' })).rejects.toThrow(
    CourierUnavailable,
  );
  const nowhere = new AfterShipTracker({
    kind: 'test',
    baseUrl: 'http://127.0.0.1:1',
    apiKey: 'k',
    webhookSecret: 'x',
  });
  await expect(nowhere.register({ slug: 'dtdc', trackingNumber: 'D1234567', orderId: 'o' })).rejects.toThrow(
    CourierUnavailable,
  );
});
