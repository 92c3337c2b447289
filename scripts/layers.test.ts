/**
 * The layer rules of biome.json (docs/ARCHITECTURE.md, "Layers"), tried on small files placed where
 * the rules look: a forbidden import must fail the lint, an allowed one must pass.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const biome = join(root, 'node_modules', '.bin', 'biome');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mibi-layers-'));
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
  delete config.vcs; // the scratch folder is no git work tree
  delete config.$schema;
  writeFileSync(join(dir, 'biome.json'), JSON.stringify(config));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Lints `files` (path -> source) in a scratch tree with the project's configuration. */
function lint(files: Record<string, string>): { ok: boolean; output: string } {
  const tree = mkdtempSync(join(dir, 'case-'));
  writeFileSync(join(tree, 'biome.json'), readFileSync(join(dir, 'biome.json')));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), source);
  }
  const run = spawnSync(biome, ['lint', '--colors=off', '.'], { cwd: tree, encoding: 'utf8' });
  return { ok: run.status === 0, output: run.stdout + run.stderr };
}

const target = (path: string) => ({ [path]: 'export const value = 1;\n' });

describe('layer rules', () => {
  it.each([
    ['domain/order/x.ts', '../../platform/eventstore/port.ts', 'domain/ is pure'],
    ['domain/order/x.ts', '../../api/roles/context.ts', 'domain/ is pure'],
    ['domain/x.ts', 'node:fs', 'domain/ does no I/O'],
    ['platform/queue/x.ts', '../../domain/money.ts', 'platform/ knows no domain'],
    ['platform/queue/x.ts', '../../projections/models.ts', 'platform/ knows no domain'],
    ['workers/x.ts', '../projections/models.ts', 'workers/ use platform/ and domain/ only'],
    ['projections/x.ts', '../workers/worker.ts', 'projections/ use platform/ and domain/ only'],
    ['analytics/x.ts', '../api/app.ts', 'analytics/ use projections/, platform/ and domain/ only'],
    ['api/routes/x.ts', '../../frontend/src/format.ts', 'api/ does not import the SPA'],
    ['frontend/src/features/cart/x.ts', '../../../../projections/models.ts', 'typed client'],
    ['frontend/src/features/cart/x.ts', '../../../../platform/eventstore/port.ts', 'typed client'],
    ['frontend/src/i18n/x.ts', '../../../platform/i18n/server-catalog.ts', 'typed client'],
    ['frontend/src/features/cart/x.ts', '../../../../api/routes/cart.ts', 'typed client'],
  ])('%s may not import %s', (file, specifier, message) => {
    const imported = join(dirname(file), specifier);
    const files = {
      ...(specifier.startsWith('node:') ? {} : target(imported)),
      [file]: `import { value } from '${specifier}';\nexport const used = value;\n`,
    };
    const { ok, output } = lint(files);
    expect(ok).toBe(false);
    expect(output).toContain(message);
  });

  it.each([
    ['domain/order/x.ts', '../money.ts'],
    ['platform/queue/x.ts', '../eventstore/port.ts'],
    ['projections/x.ts', '../domain/money.ts'],
    ['projections/x.ts', '../platform/readstore/port.ts'],
    ['analytics/x.ts', '../projections/index.ts'],
    ['workers/x.ts', '../platform/queue/port.ts'],
    ['api/routes/x.ts', '../../projections/models.ts'],
    ['frontend/src/features/cart/x.ts', '../../../../domain/money.ts'],
    ['frontend/src/features/cart/x.ts', '../../api/client.ts'],
    ['frontend/src/i18n/x.ts', '../../../platform/i18n/english-text.ts'],
    ['frontend/src/api/client.ts', '../../../api/app.ts'],
  ])('%s may import %s', (file, specifier) => {
    const imported = join(dirname(file), specifier);
    const { ok, output } = lint({
      ...target(imported),
      [file]: `import { value } from '${specifier}';\nexport const used = value;\n`,
    });
    expect(output).not.toContain('noRestrictedImports');
    expect(ok).toBe(true);
  });

  it('refuses import cycles', () => {
    const { ok, output } = lint({
      'workers/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'workers/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
    });
    expect(ok).toBe(false);
    expect(output).toContain('noImportCycles');
  });
});
