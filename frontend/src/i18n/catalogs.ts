/**
 * The message catalogs (lingui.config.ts): the shell's (frontend/src/locales) and one per
 * feature, compiled from their .po files by Lingui's Vite plugin and packed per language in two
 * parts (start-catalogs.ts).
 */
import type { Messages } from '@lingui/core';
import type { UiLocale } from './locale.ts';
import { type CatalogPart, catalogFile } from './start-catalogs.ts';

const FILES = import.meta.glob<Messages>(['/src/locales/*.po', '/src/features/*/locales/*.po'], { import: 'messages' });

/** The messages of one part of `locale`'s catalogs (a single file to fetch). */
export async function loadCatalogs(locale: UiLocale, part: CatalogPart): Promise<Messages> {
  const loads = Object.entries(FILES)
    .filter(([file]) => {
      const found = catalogFile(file);
      return found?.locale === locale && found.part === part;
    })
    .map(([, load]) => load());
  return Object.assign({}, ...(await Promise.all(loads)));
}
