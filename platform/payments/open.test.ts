import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { embeddedKeys, gatewayFolder } from './embedded.ts';
import { checkoutOrigin, openPayments } from './open.ts';
import { paymentSignature } from './signatures.ts';

const dir = mkdtempSync(join(tmpdir(), 'mibi-payments-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const KEYS = {
  RAZORPAY_KEY_ID: 'rzp_live_ILgsfZCZoFIKMb',
  RAZORPAY_KEY_SECRET: 'thisIsTheSecret',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-1',
};

it('chooses Razorpay with keys, a test gateway at TEST_GATEWAY_URL, else the embedded one', () => {
  const razorpay = openPayments(loadConfig(KEYS), dir);
  expect(razorpay.kind).toBe('razorpay');
  expect(razorpay.checkout).toEqual({
    url: 'https://api.razorpay.com/v1/checkout/embedded',
    keyId: KEYS.RAZORPAY_KEY_ID,
  });
  expect(checkoutOrigin(loadConfig(KEYS))).toBe('https://api.razorpay.com');

  const apart = loadConfig({
    ...KEYS,
    RAZORPAY_KEY_ID: 'rzp_test_1DP5mmOlF5G5ag',
    TEST_GATEWAY_URL: 'http://10.0.0.5:4010/',
  });
  expect(openPayments(apart, dir)).toMatchObject({
    kind: 'test',
    checkout: { url: 'http://10.0.0.5:4010/v1/checkout/embedded', keyId: 'rzp_test_1DP5mmOlF5G5ag' },
  });
  expect(checkoutOrigin(apart)).toBe('http://10.0.0.5:4010');

  const embedded = openPayments(loadConfig({ DATA_DIR: dir }), dir);
  expect(embedded.kind).toBe('test');
  // No gateway runs on this DATA_DIR: found out at the call, not at opening.
  expect(() => embedded.checkout).toThrow(/not running/);
  // The keys are made once and kept for every process on DATA_DIR.
  const keys = embeddedKeys(gatewayFolder(dir));
  expect(keys.keyId).toMatch(/^rzp_test_/);
  expect(embeddedKeys(gatewayFolder(dir))).toEqual(keys);
  const signature = paymentSignature(keys.keySecret, 'order_1', 'pay_1');
  expect(openPayments(loadConfig({ DATA_DIR: dir }), dir).verifyPayment('order_1', 'pay_1', signature)).toBe(true);
  expect(checkoutOrigin(loadConfig({}))).toBe('http://127.0.0.1:*');
});
