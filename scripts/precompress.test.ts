import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { precompress } from './precompress.ts';

const dir = mkdtempSync(join(tmpdir(), 'mibi-precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('writes a brotli and a gzip copy beside every text file of the build worth compressing', async () => {
  const out = join(dir, 'dist');
  mkdirSync(join(out, 'assets'), { recursive: true });
  const script = `export const text = ${JSON.stringify('Make in India '.repeat(200))};`;
  writeFileSync(join(out, 'index.html'), `<!doctype html>${'<p>MIBI</p>'.repeat(200)}`);
  writeFileSync(join(out, 'assets', 'index-Ab12.js'), script);
  writeFileSync(join(out, 'assets', 'tiny-Cd34.js'), 'export {};');
  writeFileSync(join(out, 'assets', 'logo-Ef56.png'), Buffer.alloc(4096, 7));

  // As Vite calls it: the resolved config, then the end of the build.
  const plugin = precompress() as unknown as {
    configResolved(config: unknown): void;
    writeBundle(): void;
    closeBundle(): Promise<void>;
  };
  plugin.configResolved({ root: dir, build: { outDir: 'dist' } });
  plugin.writeBundle();
  await plugin.closeBundle();

  const file = join(out, 'assets', 'index-Ab12.js');
  expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
  expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
  // Zopfli's gzip: never larger than zlib's best.
  expect(readFileSync(`${file}.gz`).length).toBeLessThanOrEqual(
    gzipSync(script, { level: constants.Z_BEST_COMPRESSION }).length,
  );
  expect(readFileSync(`${file}.br`).length).toBeLessThan(script.length / 10);
  expect(existsSync(join(out, 'index.html.br'))).toBe(true);
  // Too small to gain, or already compressed: left alone.
  for (const name of ['tiny-Cd34.js', 'logo-Ef56.png'])
    expect(existsSync(join(out, 'assets', `${name}.br`))).toBe(false);
});
