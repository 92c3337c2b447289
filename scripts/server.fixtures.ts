/** `npm start`'s process for tests: the real entry, its own data folder, a free port. */
import { type ChildProcess, spawn } from 'node:child_process';

export interface StartedServer {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** The base URL once the server listens (rejects if it stops first). */
  url(): Promise<string>;
  output(): string;
}

export function startServer(dir: string, env: Record<string, string> = {}, role = 'all'): StartedServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', role], {
    env: { ...process.env, PORT: '0', DATA_DIR: dir, DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // A test that fails half-way must not leave a server behind.
  const killOnExit = () => void child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  const url = async () => {
    for (let i = 0; i < 600 && child.exitCode === null && child.signalCode === null; i++) {
      const match = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) return match[1]!;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not start:\n${output}`);
  };
  return { child, exited, url, output: () => output };
}
