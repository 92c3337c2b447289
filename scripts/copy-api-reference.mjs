// Copies Scalar's standalone bundle (a devDependency) into the built SPA, so a production install
// without devDependencies still serves the API reference page from its own files
// (api/http/api-reference.ts reads dist/api-reference/standalone.js when the package is absent).
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const main = createRequire(import.meta.url).resolve('@scalar/api-reference');
mkdirSync('dist/api-reference', { recursive: true });
copyFileSync(join(dirname(main), 'browser', 'standalone.js'), 'dist/api-reference/standalone.js');
console.log('API reference bundle copied to dist/api-reference/standalone.js');
