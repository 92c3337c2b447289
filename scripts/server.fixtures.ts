/** `npm start`'s process for tests and benchmarks: the real entry, its own data folder, a free port. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

/** Characters of a server's output kept for output(). */
const KEPT_OUTPUT = 4_000_000;

export interface StartedServer {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** The base URL once the server listens (rejects if it stops first). */
  url(): Promise<string>;
  /** Resolves once the process says it runs (every role; the api role once it listens). */
  ready(): Promise<void>;
  output(): string;
}

/**
 * Compiles the server as `npm start` does (scripts/build-server.mjs), for benchmarks that run it
 * as production does; tests run the sources through tsx.
 */
export function buildServer(): void {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server did not compile');
}

/** `entry`: the TypeScript sources through tsx, or the compiled build/server/start.js through scripts/serve.sh (call `buildServer` first). */
export function startServer(
  dir: string,
  env: Record<string, string> = {},
  role = 'all',
  entry: 'source' | 'compiled' = 'source',
): StartedServer {
  // The compiled server starts as production starts it (scripts/serve.sh execs node: same pid).
  const [command, args] =
    entry === 'compiled'
      ? ['sh', ['scripts/serve.sh', role]]
      : [process.execPath, ['--import', 'tsx', 'api/roles/start.ts', role]];
  const child = spawn(command, args, {
    env: { ...process.env, PORT: '0', DATA_DIR: dir, DEMO_DATA: 'false', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // A long run (bench:soak) logs an access line a request: only the last few MB are kept.
  const keep = (chunk: Buffer) => {
    output += chunk;
    if (output.length > 2 * KEPT_OUTPUT) output = output.slice(-KEPT_OUTPUT);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // A test that fails half-way must not leave a server behind.
  const killOnExit = () => void child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  const waitFor = async (pattern: RegExp) => {
    for (let i = 0; i < 600 && child.exitCode === null && child.signalCode === null; i++) {
      const match = pattern.exec(output);
      if (match) return match;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${role} did not start:\n${output}`);
  };
  const url = async () => (await waitFor(/on (http:\/\/127\.0\.0\.1:\d+)/))[1]!;
  const ready = async () => void (await waitFor(/"name":"start","msg":"MIBI /));
  return { child, exited, url, ready, output: () => output };
}

/**
 * Removes a server's data folder once the server has exited. Its test gateway (the embedded
 * default's child process) ends after it, when their IPC channel closes, and may still be
 * writing its state there for a moment: the removal is retried meanwhile.
 */
export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
}
