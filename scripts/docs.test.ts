/**
 * The documents a newcomer reads first point at what is really there: every relative link and
 * every repository path they name exists, the README's map names every room of api/ and every
 * feature of the SPA, and docs/at-scale.md starts each app service as the compose files do. The
 * code's comments name only files that exist too.
 */
import { spawnSync } from 'node:child_process';
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
    // `api/app.ts`, `api/http/`: a quoted path of two parts or more (routes such as `/api/x` start with a
    // slash; a lone `name/` is a folder named in its context).
    const missing = [...read(document).matchAll(/`([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-][A-Za-z0-9_./-]*)`/g)]
      .map(([, path]) => path!)
      .filter((path) => !MADE_AT_RUN.test(path))
      .filter((path) => !existsSync(join(root, path)) && !existsSync(join(root, dirname(document), path)));
    expect(missing).toEqual([]);
  });

  it("the README's layout names every top folder, every room of api/ and every feature of the SPA", () => {
    const layout = read('README.md').match(/```\nfrontend\/[\s\S]*?```/)![0];
    const features = layout.match(/src\/features\/([\s\S]*?)\napi\//)![1]!;
    expect(folders('frontend/src/features').filter((name) => !new RegExp(`\\b${name}\\b`).test(features))).toEqual([]);
    expect(folders('api').filter((name) => !layout.includes(`${name}/`))).toEqual([]);
    const tracked = spawnSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).stdout.split('\n');
    const topFolders = new Set(tracked.filter((path) => /^[^.][^/]*\//.test(path)).map((path) => path.split('/')[0]!));
    expect([...topFolders].filter((name) => !new RegExp(`^${name}/ `, 'm').test(layout))).toEqual([]);
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

  it("the code's comments name only files that exist", () => {
    const tracked = spawnSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).stdout.split('\n');
    const sources = tracked.filter((path) => /\.(ts|tsx|mjs|sh|yml)$|Dockerfile$/.test(path));
    expect(sources.length).toBeGreaterThan(100);
    /** Where a comment's path may start: its own folder or one above, the SPA's (Vite names files from it), a package. */
    const bases = (file: string) => {
      const folders = [dirname(file)];
      while (folders.at(-1) !== '.') folders.push(dirname(folders.at(-1)!));
      return [...folders, 'frontend', 'frontend/src', 'node_modules'];
    };
    /** The comment on a line, if any: after `#` in shell, YAML and the Dockerfile, else after `//` or in a `/* *\/` block. */
    const commentOf = (file: string, line: string) => {
      if (/\.(sh|yml)$|Dockerfile$/.test(file)) return line.includes('#') ? line.slice(line.indexOf('#')) : '';
      if (/^\s*(\/\*|\*)/.test(line)) return line;
      return line.includes('// ') ? line.slice(line.indexOf('// ')) : '';
    };
    const missing = sources.flatMap((file) =>
      read(file)
        .split('\n')
        .map((line) => commentOf(file, line))
        .flatMap((comment) => [
          ...comment.matchAll(/(?<![\w./@$-])([\w-][\w.-]*(?:\/[\w.-]+)+\.(?:tsx?|mjs|sh|md|json|yml))\b/g),
        ])
        .map(([, path]) => path!)
        .filter((path) => !MADE_AT_RUN.test(path) && !bases(file).some((base) => existsSync(join(root, base, path))))
        .map((path) => `${file}: ${path}`),
    );
    expect(missing).toEqual([]);
  });
});
