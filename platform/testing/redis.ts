import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { freePort } from './ports.ts';

/** A throwaway Redis for one test file: loopback only, nothing persisted. */
export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Stops the server as an operator would (`redis-cli shutdown nosave`): its clients lose their connections. */
  shutdown(): Promise<void>;
  /** Starts it again, empty, on the same port. */
  restart(): Promise<void>;
}

const INSTALL_COMMAND = 'apt-get install -y redis-server';
const STARTUP_TIMEOUT_MS = 10_000;

async function answersPing(port: number): Promise<boolean> {
  const client = new Redis({
    host: '127.0.0.1',
    port,
    lazyConnect: true,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
  });
  client.on('error', () => {}); // connect() rejects with the same error; this only keeps ioredis from logging it
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * Runs `redis-server` in the foreground as our child, so it never outlives the test
 * process, and resolves once it answers PING. Throws the install command when the
 * binary is missing.
 */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  let running = await launch(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () => running.stop(),
    shutdown: async () => {
      const cli = spawn('redis-cli', ['-p', String(port), 'shutdown', 'nosave'], { stdio: 'ignore' });
      await Promise.all([once(cli, 'exit'), running.exited]);
    },
    restart: async () => {
      await running.stop();
      running = await launch(port);
    },
  };
}

async function launch(port: number): Promise<{ exited: Promise<void>; stop(): Promise<void> }> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Read the output so a full pipe never blocks the server; keep its tail for error messages.
  let output = '';
  const keepTail = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-2000));
  child.stdout.on('data', keepTail);
  child.stderr.on('data', keepTail);

  let failure: Error | undefined;
  child.once('error', (error: NodeJS.ErrnoException) => {
    failure = error.code === 'ENOENT' ? new Error(INSTALL_COMMAND) : error;
  });
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      failure ??= new Error(`redis-server exited (${signal ?? `code ${code}`}) before answering PING:\n${output}`);
      resolve();
    }),
  );
  // 'exit' handlers run synchronously, so a kill is all that can be done there.
  const killOnExit = () => void child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    child.kill('SIGTERM');
    await exited;
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (!(await answersPing(port))) {
    if (!failure && Date.now() > deadline)
      failure = new Error(`redis-server did not answer PING within ${STARTUP_TIMEOUT_MS} ms:\n${output}`);
    if (failure) {
      await stop();
      throw failure;
    }
    await sleep(20);
  }
  return { exited, stop };
}

/** How many other clients the server at `url` has: a closed adapter must leave none behind. */
export async function otherClients(url: string): Promise<number> {
  const admin = new Redis(url);
  try {
    const list = String(await admin.client('LIST'));
    return list.trim().split('\n').length - 1;
  } finally {
    await admin.quit();
  }
}
