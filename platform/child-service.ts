/**
 * A local stand-in service as a child process of the embedded default (the test payment gateway,
 * the test courier): its main module forked on a free loopback port, telling its address over
 * IPC once it listens, ended with the server (and by itself when the server dies, its IPC
 * channel closing).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The entry: the service's main.ts through tsx, or its compiled file beside start.js (scripts/build-server.mjs). */
function entry(main: URL, compiled: string): { path: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return { path: fileURLToPath(main), execArgv: ['--import', tsx] };
  }
  const dir = dirname(here);
  return { path: join(basename(dir) === 'chunks' ? dirname(dir) : dir, compiled), execArgv: ['--enable-source-maps'] };
}

export interface ChildService {
  url: string;
  child: ChildProcess;
  /** SIGTERM, then SIGKILL if it has not ended within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export async function startChildService(options: {
  /** What the log and errors call it. */
  name: string;
  /** Its main.ts, which sends `{ url }` to its parent once it listens. */
  main: URL;
  /** Its compiled entry's file name in build/server. */
  compiled: string;
  env: Record<string, string>;
  timeoutMs?: number;
}): Promise<ChildService> {
  const { path, execArgv } = entry(options.main, options.compiled);
  const child = fork(path, [], {
    execArgv,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${options.name} did not start in time`));
    }, options.timeoutMs ?? 30_000);
    child.once('message', (message: { url: string }) => {
      clearTimeout(timer);
      resolve(message.url);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${options.name} ended at start (${signal ?? code})`));
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
