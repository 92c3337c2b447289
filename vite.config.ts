import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig, type Rolldown } from 'vite';
import { LOCALES } from './domain/i18n/locales.ts';
import { catalogParts } from './scripts/catalog-parts.ts';
import { precompress } from './scripts/precompress.ts';

/** The SPA (frontend/src/main.tsx), which the page's script (boot.ts) loads once a page drawn on the server is on screen. */
const MAIN = resolve(import.meta.dirname, 'frontend/src/main.tsx');
const BOOT = resolve(import.meta.dirname, 'frontend/src/boot.ts');

/** `id` and every module it imports statically, directly or not. */
function staticGraph(ctx: Rolldown.ChunkingContext, id: string, found = new Set<string>()): Set<string> {
  if (found.has(id)) return found;
  found.add(id);
  for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) staticGraph(ctx, imported, found);
  return found;
}

/** What main.tsx needs before it runs, but the page's script does not: worked out once per build (its module's info). */
const appModulesOf = new WeakMap<Rolldown.ModuleInfo, Set<string>>();
function appModules(ctx: Rolldown.ChunkingContext): Set<string> {
  const main = ctx.getModuleInfo(MAIN);
  // The build for the server has no main.tsx.
  if (!main) return new Set();
  let modules = appModulesOf.get(main);
  if (!modules) {
    const boot = staticGraph(ctx, BOOT);
    modules = new Set([...staticGraph(ctx, MAIN)].filter((id) => !boot.has(id)));
    appModulesOf.set(main, modules);
  }
  return modules;
}

export default defineConfig({
  root: 'frontend',
  // lingui: macros (t, Trans, Plural) become catalog lookups, and .po catalogs compile on import (issue 30).
  plugins: [
    react(),
    lingui({ macroTransform: true }),
    catalogParts('frontend', [...LOCALES, 'pseudo']),
    tailwindcss(),
    precompress(),
  ],
  resolve: {
    alias: [
      // React's own, not the package's fallback for React 17 (0.3 KB gzip of the first route).
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: resolve(import.meta.dirname, 'frontend/src/use-sync-external-store.ts'),
      },
    ],
  },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    // Every browser we serve preloads modules itself: no polyfill in the page's script.
    modulePreload: {
      polyfill: false,
    },
    // Which files each page's module needs: the server preloads a product page's (api/http/spa-manifest.ts).
    manifest: true,
    // Brotli at its highest level takes seconds by design (once per build, never per request): no warning about it.
    rolldownOptions: {
      checks: { bundlerTimings: false },
      output: {
        // Fewer, larger files: on a phone each costs a round trip (HTTP/1.1 takes six at a
        // time), and left to itself the bundler splits the first route into six files and the
        // parts of a product page into a dozen of about 1 KB.
        codeSplitting: {
          groups: [
            // The page's script (boot.ts), its styles and the helper that preloads what a module needs.
            { name: 'boot', tags: ['$initial'] },
            // The SPA, in its one file: the first route needs all of it.
            { name: (id, ctx) => (appModules(ctx).has(id) ? 'app' : null) },
            // The parts the shop's pages share (cards, pictures, prices, the wishlist and cart buttons).
            {
              name: 'shop',
              test: /\/frontend\/src\/(components|features\/(catalog|product|wishlist|cart))\//,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  // `vite build` builds the SPA, then the same pages as a module the server draws them with
  // (frontend/src/entry-server.tsx into dist/ssr/, api/http/page-render.ts).
  builder: {},
  environments: {
    ssr: { build: { outDir: '../dist/ssr', rolldownOptions: { input: 'src/entry-server.tsx' } } },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' } },
});
