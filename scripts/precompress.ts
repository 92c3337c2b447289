/**
 * Vite plugin: beside every text file of the build it writes a brotli (`.br`) and a gzip
 * (`.gz`, made by Zopfli) copy at the highest levels, once per build rather than per request;
 * api/http/static-assets.ts sends the one the browser accepts.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|txt|xml|webmanifest)$/;
/** Smaller files gain less than their headers cost to send. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);

/** Writes `file`.br and `file`.gz when it is big enough to gain. */
export async function compressBeside(file: string): Promise<void> {
  const data = await readFile(file);
  if (data.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    // Zopfli: gzip any browser inflates, some 4% smaller than zlib's best for our scripts.
    gzipAsync(data, { numiterations: 5 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

/** Once the build is written (not when it failed): every text file of the output folder, public/ copies included. */
export function precompress(): Plugin {
  let outDir = '';
  let written = false;
  return {
    name: 'mibi:precompress',
    apply: 'build',
    // The browser's files: the server's module (dist/ssr/) is read from disk, never sent.
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      written = true;
    },
    async closeBundle() {
      if (!written) return;
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files.filter((name) => COMPRESSIBLE.test(name)).map((name) => compressBeside(join(outDir, name))),
      );
    },
  };
}
