/**
 * Every package of the lockfile with an install script is named in package.json's `allowScripts`
 * (true: run it, false: not needed), so `npm ci` on a fresh clone ends without asking to approve
 * scripts, and a new dependency that brings one is a decision, not a warning nobody reads.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const json = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));

it("names every package with an install script in package.json's allowScripts", () => {
  const lock = json('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };
  const allowed = Object.keys(json('package.json').allowScripts);
  const withScripts = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([path]) => path.split('node_modules/').pop()!);
  expect([...new Set(withScripts)].filter((name) => !allowed.includes(name))).toEqual([]);
});
