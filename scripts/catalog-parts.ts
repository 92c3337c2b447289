/**
 * Vite plugin: each language's message catalogs in two files, those every page needs and the
 * rest (frontend/src/i18n/start-catalogs.ts says which is which). The rest includes the server's
 * catalog, for the messages of the schemas forms check before sending (frontend/src/i18n/domain-text.ts). `virtual:catalogs` exports a
 * loader per language and part; each part is one module importing its .po files (compiled by
 * Lingui's plugin), so the build makes it one file: a language loads in two requests, not one per feature.
 */
import { globSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { SERVER_CATALOG_DIR } from '../platform/i18n/server-catalog.ts';
import { type CatalogPart, catalogFile } from '../frontend/src/i18n/start-catalogs.ts';

const INDEX = 'virtual:catalogs';
const PART = `${INDEX}/`;
const PARTS: readonly CatalogPart[] = ['start', 'rest'];

export function catalogParts(root: string, locales: readonly string[]): Plugin {
  const files = (locale: string, part: CatalogPart) =>
    globSync(['src/locales/*.po', 'src/features/*/locales/*.po'], { cwd: root })
      .map((file) => `/${file}`)
      .filter((file) => {
        const found = catalogFile(file);
        return found?.locale === locale && found.part === part;
      })
      .sort()
      .concat(part === 'rest' ? [`/../${SERVER_CATALOG_DIR}/${locale}.po`] : []);
  return {
    name: 'mibi-catalog-parts',
    resolveId: (id) => (id === INDEX || id.startsWith(PART) ? `\0${id}` : undefined),
    load(id) {
      if (id === `\0${INDEX}`) {
        const loaders = locales.flatMap((locale) =>
          PARTS.map((part) => `  ${JSON.stringify(`${locale}/${part}`)}: () => import('${PART}${locale}/${part}'),`),
        );
        return `export const parts = {\n${loaders.join('\n')}\n};\n`;
      }
      if (!id.startsWith(`\0${PART}`)) return undefined;
      const [locale = '', part] = id.slice(PART.length + 1).split('/') as [string, CatalogPart];
      const imports = files(locale, part).map(
        (file, i) => `import { messages as m${i} } from '${resolve(root, `.${file}`)}';`,
      );
      const names = imports.map((_, i) => `m${i}`);
      return `${imports.join('\n')}\nexport const messages = Object.assign({}, ${names.join(', ')});\n`;
    },
  };
}
