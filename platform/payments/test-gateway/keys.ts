import { randomBytes } from 'node:crypto';
import { newId } from './store.ts';

/** The key pair and webhook secret MIBI and the test gateway share. */
export interface GatewayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/** Fresh test keys, shaped as Razorpay's (`rzp_test_...`). */
export function generateKeys(): GatewayKeys {
  return {
    keyId: newId('rzp_test'),
    keySecret: randomBytes(18).toString('base64url'),
    webhookSecret: randomBytes(24).toString('base64url'),
  };
}
