/**
 * The message catalogs (lingui.config.ts): the shell's (frontend/src/locales) and one per
 * feature, compiled from their .po files by Lingui's Vite plugin and packed per language in two
 * parts, one file each (start-catalogs.ts, scripts/catalog-parts.ts).
 */
import type { Messages } from '@lingui/core';
import { parts } from 'virtual:catalogs';
import type { UiLocale } from './locale.ts';
import type { CatalogPart } from './start-catalogs.ts';

/** The messages of one part of `locale`'s catalogs. */
export async function loadCatalogs(locale: UiLocale, part: CatalogPart): Promise<Messages> {
  const load = parts[`${locale}/${part}`];
  return load ? (await load()).messages : {};
}
