// Compiles the server (api/roles/start.ts and everything it imports from domain/, platform/, api/,
// projections/ and workers/) into one ES module, build/server/start.js, which `npm start` and
// the Dockerfile run with plain `node`, the image process it starts (api/images/image-process.ts)
// into build/server/image-process.js, and the test gateway it starts without Razorpay keys
// (platform/payments/test-gateway/main.ts) into build/server/test-gateway.js, and the test courier
// (platform/couriers/test-courier/main.ts) into build/server/test-courier.js. Packages stay in
// node_modules (native addons cannot be bundled, and their own files are already JavaScript).
// Takes well under a second.
import './require-node.mjs';
import { build } from 'esbuild';

const started = performance.now();
await build({
  entryPoints: {
    start: 'api/roles/start.ts',
    'image-process': 'api/images/image-process-main.ts',
    'test-gateway': 'platform/payments/test-gateway/main.ts',
    'test-courier': 'platform/couriers/test-courier/main.ts',
  },
  outdir: 'build/server',
  bundle: true,
  // Each lazily imported adapter in a chunk of its own, so the embedded default never loads the drivers of servers it does not use.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node26',
  sourcemap: 'linked',
  logLevel: 'warning',
});
console.log(`[build] server compiled into build/server/start.js in ${Math.round(performance.now() - started)} ms`);
