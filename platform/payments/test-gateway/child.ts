/**
 * The embedded default's test gateway as a child process (main.ts): started on a free loopback
 * port with the keys kept in its folder, posting webhooks to MIBI, ended with the server (and
 * by itself when the server dies, its IPC channel closing).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { removeAddress } from '../embedded.ts';

/** The entry: main.ts beside this file through tsx, or the compiled test-gateway.js (scripts/build-server.mjs). */
function entry(): { path: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return { path: join(dirname(here), 'main.ts'), execArgv: ['--import', tsx] };
  }
  const dir = dirname(here);
  return {
    path: join(basename(dir) === 'chunks' ? dirname(dir) : dir, 'test-gateway.js'),
    execArgv: ['--enable-source-maps'],
  };
}

export interface GatewayProcess {
  url: string;
  child: ChildProcess;
  /** SIGTERM, then SIGKILL if it has not ended within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export async function startGatewayProcess(options: {
  folder: string;
  webhookUrl: string;
  timeoutMs?: number;
}): Promise<GatewayProcess> {
  // A stale address from a run that died would send callers to whatever has the port now.
  removeAddress(options.folder);
  const { path, execArgv } = entry();
  const child = fork(path, [], {
    execArgv,
    env: {
      ...process.env,
      TEST_GATEWAY_DIR: options.folder,
      TEST_GATEWAY_WEBHOOK_URL: options.webhookUrl,
      TEST_GATEWAY_PORT: '0',
      TEST_GATEWAY_HOST: '127.0.0.1',
      // Its keys are the folder's, never MIBI's Razorpay keys.
      RAZORPAY_KEY_ID: '',
      RAZORPAY_KEY_SECRET: '',
      RAZORPAY_WEBHOOK_SECRET: '',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the test gateway did not start in time'));
    }, options.timeoutMs ?? 30_000);
    child.once('message', (message: { url: string }) => {
      clearTimeout(timer);
      resolve(message.url);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the test gateway ended at start (${signal ?? code})`));
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
  return {
    url,
    child,
    async stop(graceMs = 5000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const ended = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await ended;
      clearTimeout(timer);
    },
  };
}
