import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from './config/config.ts';
import { openPlatform } from './platform.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('closes DATA_DIR to other users, a folder an earlier release left open included', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mibi-platform-'));
  dirs.push(dir);
  chmodSync(dir, 0o755);
  const platform = await openPlatform(loadConfig({ DATA_DIR: dir, DEMO_DATA: 'false' }));
  try {
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  } finally {
    await platform.close();
  }
});
