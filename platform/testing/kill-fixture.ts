import { spawn } from 'node:child_process';

/**
 * Runs a TypeScript fixture (`args`: its path and arguments) in a child process until
 * `ready(output)` holds, then kills it with SIGKILL, as a crash would; answers all it printed.
 * Fails if the child exits first.
 */
export async function killWhen(args: string[], ready: (output: string) => boolean): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (ready(output)) resolve();
      });
      void exited.then(() => reject(new Error(`${args[0]} exited early:\n${output}`)));
    });
  } finally {
    child.kill('SIGKILL'); // also when the wait failed, so no child outlives the test
    await exited;
  }
  return output;
}
