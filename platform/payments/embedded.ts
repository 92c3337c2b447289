/**
 * The embedded default's test gateway, as every process and thread on DATA_DIR finds it: its
 * folder (state, keys, address) under DATA_DIR. The keys are made on first use and kept, like
 * the TOTP key; the address is written by the gateway process once it listens, and removed
 * when it stops, so a caller learns where it runs (or that it does not) at each call.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GatewayUnavailable } from './port.ts';
import { type GatewayKeys, generateKeys } from './test-gateway/keys.ts';

export const TEST_GATEWAY_FOLDER = 'test-gateway';

export const gatewayFolder = (dataDir: string) => join(dataDir, TEST_GATEWAY_FOLDER);
const keysFile = (folder: string) => join(folder, 'keys.json');
const addressFile = (folder: string) => join(folder, 'address.json');

/** The folder's keys, made now if it has none (the first of several processes to ask makes them). */
export function embeddedKeys(folder: string): GatewayKeys {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = keysFile(folder);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as GatewayKeys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // Written whole under another name, then linked: a reader never sees half a file, and of two
  // writers racing, the second's link fails and it reads the first's keys.
  const draft = `${file}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, JSON.stringify(generateKeys()), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return JSON.parse(readFileSync(file, 'utf8')) as GatewayKeys;
}

/** Where the folder's gateway listens, or GatewayUnavailable when it does not run. */
export function embeddedAddress(folder: string): string {
  try {
    return (JSON.parse(readFileSync(addressFile(folder), 'utf8')) as { url: string }).url;
  } catch {
    throw new GatewayUnavailable('the test gateway is not running (the embedded default starts it with `npm start`)');
  }
}

/** Written by the gateway process: where it listens, and its pid (for a test that kills it). */
export function writeAddress(folder: string, url: string): void {
  writeFileSync(addressFile(folder), JSON.stringify({ url, pid: process.pid }), { mode: 0o600 });
}

/** Removes the address, or only if it is still `url` (a gateway stopping must not remove its successor's). */
export function removeAddress(folder: string, url?: string): void {
  if (url !== undefined) {
    try {
      if (embeddedAddress(folder) !== url) return;
    } catch {
      return;
    }
  }
  rmSync(addressFile(folder), { force: true });
}
