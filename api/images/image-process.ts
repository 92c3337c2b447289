/**
 * Image work (resizing uploads, drawing the demo's pictures) in a process of its own, started
 * for the work and ended once idle. libvips keeps what it allocates: glibc's malloc arenas hold
 * on to the freed memory, so a server that drew and resized the demo's 78 pictures stayed some
 * 170 MiB larger for good. A child takes that memory with it when it ends, and the server never
 * loads libvips at all; the image decoders, which read whatever anyone uploads, run apart too.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ImageJob, ImageJobResult, ImageOutcome } from './image-jobs.ts';

/** How long the process waits for more work before it ends: a seller's photos come together, a cold start costs ~0.1 s. */
const IDLE_MS = 1000;

/** The process's entry: the TypeScript beside this file through tsx, or the compiled one (scripts/build-server.mjs). */
function entry(): { path: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return { path: join(dirname(here), 'image-process-main.ts'), execArgv: ['--import', tsx] };
  }
  // build/server/image-process.js, beside start.js; this code is in start.js or one of its chunks/.
  const dir = dirname(here);
  return {
    path: join(basename(dir) === 'chunks' ? dirname(dir) : dir, 'image-process.js'),
    execArgv: ['--enable-source-maps'],
  };
}

interface Running {
  child: ChildProcess;
  pending: Map<number, (outcome: ImageOutcome) => void>;
  idle?: NodeJS.Timeout;
}

let running: Running | undefined;
let lastId = 0;

function start(): Running {
  const { path, execArgv } = entry();
  const child = fork(path, [], { execArgv, serialization: 'advanced' });
  const started: Running = { child, pending: new Map() };
  // Only work in flight keeps the server's event loop alive (channel.ref below), not an idle child.
  child.unref();
  child.on('message', ({ id, ...outcome }: { id: number } & ImageOutcome) => {
    started.pending.get(id)?.(outcome);
    started.pending.delete(id);
    if (started.pending.size > 0) return;
    child.channel?.unref();
    started.idle = setTimeout(() => stop(started), IDLE_MS).unref();
  });
  child.once('exit', (code, signal) => fail(started, `the image process stopped (${signal ?? code})`));
  // It could not start, or a job could not be sent to it.
  child.on('error', (error) => {
    fail(started, `the image process failed: ${error.message}`);
    child.kill();
  });
  return started;
}

function fail(ended: Running, message: string): void {
  if (running === ended) running = undefined;
  for (const settle of ended.pending.values()) settle({ ok: false, message });
  ended.pending.clear();
}

function stop(idle: Running): void {
  if (running === idle) running = undefined;
  idle.child.kill();
}

/** Ends the image process now rather than once idle, when nothing is in flight: for a caller done with images (the demo seed). */
export function endImageProcess(): void {
  if (running && running.pending.size === 0) stop(running);
}

/** Does `job` in the image process, starting it if none runs. */
export function runImageJob<J extends ImageJob>(job: J): Promise<ImageOutcome<ImageJobResult<J>>> {
  running ??= start();
  const { child, pending } = running;
  clearTimeout(running.idle);
  child.channel?.ref();
  const id = ++lastId;
  return new Promise((resolve) => {
    pending.set(id, resolve as (outcome: ImageOutcome) => void);
    child.send({ id, job });
  });
}
