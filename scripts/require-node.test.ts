/** scripts/require-node.mjs: an older Node than .nvmrc names is stopped with how to get the right one, before anything runs. */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'mibi-require-node-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the script in a copy of the repository whose .nvmrc says `wanted`. */
function runWanting(wanted: string) {
  const copy = mkdtempSync(join(dir, 'repo-'));
  mkdirSync(join(copy, 'scripts'));
  copyFileSync(join(root, 'scripts/require-node.mjs'), join(copy, 'scripts/require-node.mjs'));
  writeFileSync(join(copy, '.nvmrc'), `${wanted}\n`);
  return spawnSync(process.execPath, [join(copy, 'scripts/require-node.mjs')], { encoding: 'utf8' });
}

describe('require-node', () => {
  it('stops an older Node, naming both versions and how to get the wanted one', () => {
    const run = runWanting('999');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`MIBI needs Node 999 (.nvmrc); this is Node ${process.version}`);
    expect(run.stderr).toContain('. scripts/use-node.sh');
  });

  it('lets the wanted major and newer ones through', () => {
    const major = process.versions.node.split('.')[0]!;
    for (const wanted of [major, String(Number(major) - 1)]) {
      const run = runWanting(wanted);
      expect(run.status).toBe(0);
      expect(run.stderr).toBe('');
    }
  });

  it('runs before anything else in npm start, npm run dev and npm test', () => {
    for (const script of ['scripts/build-server.mjs', 'scripts/dev.mjs'])
      expect(readFileSync(join(root, script), 'utf8')).toMatch(/^(\/\/.*\n)*import '\.\/require-node\.mjs';\n/);
    expect(readFileSync(join(root, 'scripts/test.sh'), 'utf8')).toContain('node scripts/require-node.mjs || exit 1');
  });
});
