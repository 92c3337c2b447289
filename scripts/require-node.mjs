// Stops, saying how to get it, when this Node is older than the major .nvmrc names. `npm start`
// (scripts/build-server.mjs), `npm run dev` and `npm test` run it first: on an older Node the
// server dies without saying why (Node 20 ends in a segmentation fault while building the SPA).
// Plain syntax, so that an old Node can read it.
import { readFileSync } from 'node:fs';

const want = Number(readFileSync(new URL('../.nvmrc', import.meta.url), 'utf8').replace(/\D/g, ''));
if (Number(process.versions.node.split('.')[0]) < want) {
  console.error(`MIBI needs Node ${want} (.nvmrc); this is Node ${process.version} at ${process.execPath}.`);
  console.error(
    'Get it with `nvm install` (reads .nvmrc), or in this shell: `. scripts/use-node.sh` then `npm ci` (see the README).',
  );
  process.exit(1);
}
