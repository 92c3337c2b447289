import type { Config } from '../config/config.ts';
import { AFTERSHIP_API } from './aftership-wire.ts';
import { AfterShipTracker } from './aftership.ts';
import { courierAddress, courierFolder, courierKeys } from './embedded.ts';
import type { CourierTracker } from './port.ts';

/**
 * The courier tracker configuration chooses: AfterShip with its keys; a test courier run on its
 * own at TEST_COURIER_URL with the keys it was started with; else the embedded default's test
 * courier under DATA_DIR (started by `npm start`), found at each call.
 */
export function openCouriers(config: Config, dataDir: string): CourierTracker {
  const { AFTERSHIP_API_KEY: apiKey, AFTERSHIP_WEBHOOK_SECRET: webhookSecret, TEST_COURIER_URL } = config;
  if (apiKey && webhookSecret) {
    const kind = TEST_COURIER_URL ? 'test' : 'aftership';
    return new AfterShipTracker({ kind, baseUrl: TEST_COURIER_URL ?? AFTERSHIP_API, apiKey, webhookSecret });
  }
  const folder = courierFolder(dataDir);
  return new AfterShipTracker({ kind: 'test', baseUrl: () => courierAddress(folder), ...courierKeys(folder) });
}
