/** Test fixture: runs `node --import tsx scripts/mibi.ts ...` on a data folder, as an analyst would. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface MibiRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The embedded stack under `dataDir`, whatever servers the test environment names. */
export function mibi(dataDir: string, ...args: string[]): Promise<MibiRun> {
  return mibiWithEnv({ DATA_DIR: dataDir }, ...args);
}

export function mibiWithEnv(vars: Record<string, string>, ...args: string[]): Promise<MibiRun> {
  const env = {
    ...process.env,
    EVENTSTORE_URL: '',
    MONGO_URL: '',
    REDIS_URL: '',
    S3_BUCKET: '',
    SMTP_URL: '',
    ...vars,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/mibi.ts', ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
