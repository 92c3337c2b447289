// `npm run dev`: the SPA from Vite's dev server (hot reload) on http://127.0.0.1:5173, with /api
// and /media proxied (vite.config.ts) to the server on :3000, which `tsx watch` restarts whenever
// a server file changes. Both stop on Ctrl-C.
import './require-node.mjs';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const bin = (pkg, file) => join(dirname(require.resolve(`${pkg}/package.json`)), file);
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development', PORT: '3000' };

const children = [
  // Only the server's own folders are watched: a change in the SPA is Vite's to serve.
  spawn(
    process.execPath,
    [
      bin('tsx', 'dist/cli.mjs'),
      'watch',
      '--clear-screen=false',
      '--exclude',
      'frontend/**',
      'api/roles/start.ts',
      'all',
    ],
    { stdio: 'inherit', env },
  ),
  spawn(process.execPath, [bin('vite', 'bin/vite.js'), '--host', '127.0.0.1', '--port', '5173', '--strictPort'], {
    stdio: 'inherit',
    env,
  }),
];

let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.once('exit', (code) => stop(code ?? 1));
process.once('SIGINT', () => stop(0));
process.once('SIGTERM', () => stop(0));
