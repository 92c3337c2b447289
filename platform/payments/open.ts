import type { Config } from '../config/config.ts';
import { embeddedAddress, embeddedKeys, gatewayFolder } from './embedded.ts';
import type { PaymentGateway } from './port.ts';
import { RAZORPAY_API, RazorpayGateway } from './razorpay.ts';

/**
 * The payment gateway configuration chooses: Razorpay with its keys; a test gateway run on its
 * own at TEST_GATEWAY_URL with the keys it was started with; else the embedded default's test
 * gateway under DATA_DIR (started by `npm start`), found at each call.
 */
export function openPayments(config: Config, dataDir: string): PaymentGateway {
  const { RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET, TEST_GATEWAY_URL } = config;
  if (RAZORPAY_KEY_ID && RAZORPAY_KEY_SECRET && RAZORPAY_WEBHOOK_SECRET) {
    return new RazorpayGateway({
      kind: TEST_GATEWAY_URL ? 'test' : 'razorpay',
      baseUrl: TEST_GATEWAY_URL ?? RAZORPAY_API,
      keyId: RAZORPAY_KEY_ID,
      keySecret: RAZORPAY_KEY_SECRET,
      webhookSecret: RAZORPAY_WEBHOOK_SECRET,
    });
  }
  const folder = gatewayFolder(dataDir);
  return new RazorpayGateway({ kind: 'test', baseUrl: () => embeddedAddress(folder), ...embeddedKeys(folder) });
}

/**
 * Where the buyer's browser posts the hosted checkout form, for the pages' form-action: Razorpay,
 * the test gateway run on its own, or the embedded one on a loopback port chosen at each start.
 */
export function checkoutOrigin(config: Config): string {
  if (config.TEST_GATEWAY_URL) return new URL(config.TEST_GATEWAY_URL).origin;
  return config.RAZORPAY_KEY_ID ? new URL(RAZORPAY_API).origin : 'http://127.0.0.1:*';
}
