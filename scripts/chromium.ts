/**
 * The Chromium the browser tests and Lighthouse drive: Debian's by default, another with
 * CHROMIUM_PATH (a Chrome or Chromium already on the machine; nothing is ever downloaded).
 * The flags keep a headless run off the network this machine does not have.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
