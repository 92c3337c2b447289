/**
 * Issue 30, guarding the catalogs: every text the code marks for translation is in its catalog
 * (an extract would change nothing), and Hindi has each of them, without falling back to English.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../domain/i18n/locales.ts';

const run = promisify(execFile);
const LINGUI = 'node_modules/@lingui/cli/dist/lingui.js';

/** `lingui check <args>`: its exit and what it printed. */
async function check(...args: string[]): Promise<{ passed: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [LINGUI, 'check', ...args, '--verbose']);
    return { passed: true, output: stdout + stderr };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { passed: false, output: stdout + stderr };
  }
}

describe('message catalogs', () => {
  it('hold every text the code marks, as an extract would write them', { timeout: 180_000 }, async () => {
    const { passed, output } = await check('sync');
    expect(passed, output).toBe(true);
  });

  const translated = LOCALES.filter((locale) => locale !== 'en');
  it.each(translated)('translate every text into %s', { timeout: 60_000 }, async (locale) => {
    const { passed, output } = await check('missing', '--locale', locale, '--mode', 'catalog');
    expect(passed, output).toBe(true);
  });
});
