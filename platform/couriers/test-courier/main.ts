/**
 * The test courier as a process of its own: `npm start` forks it (child.ts), and
 * `npm run test-courier` runs it by hand for a MIBI pointed at it with TEST_COURIER_URL.
 *
 *   TEST_COURIER_DIR          its folder: keys, address (default DATA_DIR/test-courier, DATA_DIR ./data)
 *   TEST_COURIER_HOST, _PORT  where it listens (127.0.0.1, a free port)
 *   TEST_COURIER_WEBHOOK_URL  where webhooks go (MIBI's http://127.0.0.1:3000/api/shipments/webhook)
 *   AFTERSHIP_API_KEY, AFTERSHIP_WEBHOOK_SECRET  its keys (default: made and kept in its folder)
 *
 * With a parent (fork), it tells it the address over IPC and ends when the parent goes.
 */
import { join } from 'node:path';
import { logger } from '../../log.ts';
import { removeAddress, writeAddress } from '../../service-folder.ts';
import { courierKeys } from '../embedded.ts';
import { startTestCourier } from './server.ts';

const log = logger('test-courier');
const env = process.env;

async function main(): Promise<void> {
  const folder = env.TEST_COURIER_DIR || join(env.DATA_DIR || './data', 'test-courier');
  const port = Number(env.TEST_COURIER_PORT || 0);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error('TEST_COURIER_PORT must be a port number');
  const { AFTERSHIP_API_KEY: apiKey, AFTERSHIP_WEBHOOK_SECRET: webhookSecret } = env;
  const keys = apiKey && webhookSecret ? { apiKey, webhookSecret } : courierKeys(folder);
  const courier = await startTestCourier({
    port,
    host: env.TEST_COURIER_HOST || '127.0.0.1',
    keys,
    ...(env.TEST_COURIER_WEBHOOK_URL && { webhookUrl: env.TEST_COURIER_WEBHOOK_URL }),
  });
  writeAddress(folder, courier.url);
  log.info(
    `test courier (AfterShip's tracking API, no parcels) on ${courier.url} · keys in ${join(folder, 'keys.json')}`,
  );
  process.send?.({ url: courier.url });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    removeAddress(folder, courier.url);
    await courier.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  process.once('disconnect', () => void stop());
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, 'the test courier could not start');
  process.exit(1);
});
