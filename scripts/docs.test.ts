/**
 * The documents a newcomer reads first point at what is really there: every relative link and
 * every repository path they name exists, the README's map names every room of api/ and every
 * feature of the SPA, and docs/at-scale.md starts each app service as the compose files do.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const DOCUMENTS = [
  'README.md',
  'docs/ARCHITECTURE.md',
  'docs/at-scale.md',
  'docs/performance.md',
  'frontend/src/README.md',
];
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const folders = (path: string) =>
  readdirSync(join(root, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** What the running server makes, not the repository holds (DATA_DIR, the builds, the test reports). */
const MADE_AT_RUN = /^(\.\/)?(DATA_DIR|data|build|dist|reports|\.tools)\b/;

describe('the documents', () => {
  it.each(DOCUMENTS)('%s links only to files that exist', (document) => {
    const broken = [...read(document).matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
      .map(([, target]) => target!)
      .filter((target) => !/^[a-z]+:/.test(target))
      .filter((target) => !existsSync(join(root, dirname(document), target)));
    expect(broken).toEqual([]);
  });

  it.each(DOCUMENTS)('%s names only repository paths that exist', (document) => {
    // `a/b.ts`, `api/http/`: a quoted path of two parts or more (routes such as `/api/x` start with a
    // slash; a lone `name/` is a folder named in its context).
    const missing = [...read(document).matchAll(/`([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-][A-Za-z0-9_./-]*)`/g)]
      .map(([, path]) => path!)
      .filter((path) => !MADE_AT_RUN.test(path))
      .filter((path) => !existsSync(join(root, path)) && !existsSync(join(root, dirname(document), path)));
    expect(missing).toEqual([]);
  });

  it("the README's layout names every room of api/ and every feature of the SPA", () => {
    const layout = read('README.md').match(/```\nfrontend\/[\s\S]*?```/)![0];
    const features = layout.match(/src\/features\/([\s\S]*?)\napi\//)![1]!;
    expect(folders('frontend/src/features').filter((name) => !new RegExp(`\\b${name}\\b`).test(features))).toEqual([]);
    expect(folders('api').filter((name) => !layout.includes(`${name}/`))).toEqual([]);
    const spa = read('frontend/src/README.md');
    expect(folders('frontend/src/features').filter((name) => !spa.includes(`\`features/${name}/\``))).toEqual([]);
  });

  it('docs/at-scale.md starts each app service with the command the compose files give it', () => {
    const atScale = read('docs/at-scale.md');
    for (const compose of ['docker-compose.yml', 'docker-compose.postgres.yml']) {
      const services = [...read(compose).matchAll(/^ {2}(\w+):\n(?: {4}.*\n)*? {4}command: \[(.*serve\.sh.*)\]/gm)];
      expect(services.map(([, name]) => name)).toEqual(['api', 'projections', 'workers']);
      for (const [, name, command] of services) {
        const words = JSON.parse(`[${command}]`) as string[];
        const row = atScale.split('\n').find((line) => line.startsWith(`| \`${name}\``))!;
        if (name === 'api') expect(JSON.parse(read('Dockerfile').match(/^CMD (\[.*\])$/m)![1]!)).toEqual(words);
        else expect(row).toContain(`\`${words.join(' ')}\``);
      }
    }
  });
});
