/**
 * Zod compiles its object parsers with `new Function` when it can, and finds out by trying once;
 * under our Content-Security-Policy (script-src 'self', no 'unsafe-eval') that try is refused
 * and reported as a violation. Jitless, it never tries. Zod keeps its settings on
 * `globalThis.__zod_globalConfig` and adopts one already there, so setting it here, before zod
 * first loads (main.tsx imports this first), needs no zod in the first route (4 KB gzip of it);
 * zod-jitless.test.ts fails if zod stops reading it.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
