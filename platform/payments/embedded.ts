/**
 * The embedded default's test gateway, as every process and thread on DATA_DIR finds it: its
 * folder (state, keys, address) under DATA_DIR (platform/service-folder.ts).
 */
import { join } from 'node:path';
import { keptKeys, readAddress } from '../service-folder.ts';
import { GatewayUnavailable } from './port.ts';
import { type GatewayKeys, generateKeys } from './test-gateway/keys.ts';

export { removeAddress, writeAddress } from '../service-folder.ts';

export const TEST_GATEWAY_FOLDER = 'test-gateway';

export const gatewayFolder = (dataDir: string) => join(dataDir, TEST_GATEWAY_FOLDER);

/** The folder's keys, made now if it has none. */
export const embeddedKeys = (folder: string): GatewayKeys => keptKeys(folder, generateKeys);

/** Where the folder's gateway listens, or GatewayUnavailable when it does not run. */
export function embeddedAddress(folder: string): string {
  const url = readAddress(folder);
  if (url === undefined)
    throw new GatewayUnavailable('the test gateway is not running (the embedded default starts it with `npm start`)');
  return url;
}
