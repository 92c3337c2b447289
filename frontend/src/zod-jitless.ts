/**
 * Zod compiles its object parsers with `new Function` when it can, and finds out by trying once;
 * under our Content-Security-Policy (script-src 'self', no 'unsafe-eval') that try is refused
 * and reported as a violation. Jitless, it never tries. main.tsx imports this first, before any
 * schema is built (zod decides when a schema is made).
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
