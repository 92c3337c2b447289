/** The embedded default's test courier, as every process and thread on DATA_DIR finds it (platform/service-folder.ts). */
import { join } from 'node:path';
import { keptKeys, readAddress } from '../service-folder.ts';
import { CourierUnavailable } from './port.ts';
import { type CourierKeys, generateCourierKeys } from './test-courier/server.ts';

export const courierFolder = (dataDir: string) => join(dataDir, 'test-courier');

export const courierKeys = (folder: string): CourierKeys => keptKeys(folder, generateCourierKeys);

/** Where the folder's test courier listens, or CourierUnavailable when it does not run. */
export function courierAddress(folder: string): string {
  const url = readAddress(folder);
  if (url === undefined)
    throw new CourierUnavailable('the test courier is not running (the embedded default starts it with `npm start`)');
  return url;
}
