/**
 * The test gateway as a process of its own: `npm start` forks it (child.ts), and
 * `npm run test-gateway` runs it by hand for a MIBI pointed at it with TEST_GATEWAY_URL.
 *
 *   TEST_GATEWAY_DIR          its folder: state, keys, address (default DATA_DIR/test-gateway, DATA_DIR ./data)
 *   TEST_GATEWAY_HOST, _PORT  where it listens (127.0.0.1, a free port)
 *   TEST_GATEWAY_WEBHOOK_URL  where webhooks go (MIBI's http://127.0.0.1:3000/api/payments/webhook)
 *   RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET  its keys (default: made and kept in its folder)
 *   TEST_GATEWAY_REFUNDS      manual: refunds stay pending until the control API ends them (browser tests); default auto
 *
 * With a parent (fork), it tells it the address over IPC and ends when the parent goes.
 */
import { join } from 'node:path';
import { logger } from '../../log.ts';
import { embeddedKeys, removeAddress, writeAddress } from '../embedded.ts';
import { startTestGateway } from './server.ts';

const log = logger('test-gateway');
const env = process.env;

async function main(): Promise<void> {
  const folder = env.TEST_GATEWAY_DIR || join(env.DATA_DIR || './data', 'test-gateway');
  const port = Number(env.TEST_GATEWAY_PORT || 0);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error('TEST_GATEWAY_PORT must be a port number');
  const { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret } = env;
  const keys = keyId && keySecret && webhookSecret ? { keyId, keySecret, webhookSecret } : embeddedKeys(folder);
  const gateway = await startTestGateway({
    port,
    host: env.TEST_GATEWAY_HOST || '127.0.0.1',
    dataDir: folder,
    keys,
    ...(env.TEST_GATEWAY_WEBHOOK_URL && { webhookUrl: env.TEST_GATEWAY_WEBHOOK_URL }),
    ...(env.TEST_GATEWAY_REFUNDS === 'manual' && { refunds: 'manual' as const }),
  });
  writeAddress(folder, gateway.url);
  log.info(
    `test gateway (no money moves) on ${gateway.url} · key ${keys.keyId} · keys in ${join(folder, 'keys.json')}`,
  );
  process.send?.({ url: gateway.url });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    removeAddress(folder, gateway.url);
    await gateway.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  process.once('disconnect', () => void stop());
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, 'the test gateway could not start');
  process.exit(1);
});
