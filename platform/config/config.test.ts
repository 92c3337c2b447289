import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to the embedded stack', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', DEMO_DATA: true });
    expect(config.EVENTSTORE_URL ?? config.MONGO_URL ?? config.REDIS_URL ?? config.S3_BUCKET).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', REDIS_URL: '' });
    expect(config.PORT).toBe(3000);
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('reads the at-scale adapters', () => {
    const config = loadConfig({
      PORT: '8080',
      EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
      MONGO_URL: 'mongodb://localhost:27017',
      REDIS_URL: 'redis://localhost:6379',
      S3_BUCKET: 'mibi-images',
      S3_ENDPOINT: 'http://localhost:9000',
      DEMO_DATA: 'false',
    });
    expect(config).toMatchObject({ PORT: 8080, S3_BUCKET: 'mibi-images', DEMO_DATA: false });
  });

  it('accepts PostgreSQL URLs in both spellings', () => {
    expect(loadConfig({ POSTGRES_URL: 'postgres://mibi:secret@db:5432/mibi' }).POSTGRES_URL).toBe(
      'postgres://mibi:secret@db:5432/mibi',
    );
    expect(loadConfig({ POSTGRES_URL: 'postgresql://db/mibi?sslmode=require' }).POSTGRES_URL).toBe(
      'postgresql://db/mibi?sslmode=require',
    );
  });

  it('verifies new products at once in the demo only, unless AUTO_VERIFY says otherwise', () => {
    expect(loadConfig({}).AUTO_VERIFY).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).AUTO_VERIFY).toBe(false);
    expect(loadConfig({ DEMO_DATA: 'false', AUTO_VERIFY: 'true' }).AUTO_VERIFY).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'true', AUTO_VERIFY: 'off' }).AUTO_VERIFY).toBe(false);
  });

  it.each([
    ['AUTO_VERIFY', 'sometimes'],
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['REDIS_URL', 'http://localhost:6379'],
    ['MONGO_URL', 'not a url'],
    ['EVENTSTORE_URL', 'postgres://x'],
    ['POSTGRES_URL', 'mysql://mibi:hunter2@db/mibi'],
    ['DEMO_DATA', 'maybe'],
    ['LOG_LEVEL', 'chatty'],
    // 63 hex digits: a key one digit short, which must not reach a log.
    ['TOTP_KEY', '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde'],
    ['ANALYST_PSEUDONYM_KEY', '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde'],
  ])('names %s when it is %s, and never prints the value', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    const error = (() => {
      try {
        loadConfig({ [variable]: value });
      } catch (thrown) {
        return thrown as ConfigError;
      }
    })();
    expect(error?.variable).toBe(variable);
    expect(error?.message).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
    expect(error?.message).not.toContain(value);
  });

  it('takes Razorpay keys all three or none, and a test gateway with its keys', () => {
    const keys = {
      RAZORPAY_KEY_ID: 'rzp_test_1DP5mmOlF5G5ag',
      RAZORPAY_KEY_SECRET: 'thisIsTheSecret',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-1',
    };
    expect(loadConfig(keys)).toMatchObject({ ...keys, PAYMENT_WINDOW_MIN: 30 });
    expect(loadConfig({ ...keys, RAZORPAY_KEY_ID: 'rzp_live_ILgsfZCZoFIKMb' }).RAZORPAY_KEY_ID).toBe(
      'rzp_live_ILgsfZCZoFIKMb',
    );
    expect(loadConfig({ ...keys, TEST_GATEWAY_URL: 'http://127.0.0.1:4010' }).TEST_GATEWAY_URL).toBe(
      'http://127.0.0.1:4010',
    );
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (thrown) {
        return thrown as ConfigError;
      }
      throw new Error('accepted');
    };
    const { RAZORPAY_WEBHOOK_SECRET: _, ...twoOfThree } = keys;
    expect(refusal(twoOfThree).variable).toBe('RAZORPAY_WEBHOOK_SECRET');
    expect(refusal(twoOfThree).message).not.toContain(keys.RAZORPAY_KEY_SECRET);
    expect(refusal({ RAZORPAY_KEY_SECRET: keys.RAZORPAY_KEY_SECRET }).variable).toBe('RAZORPAY_KEY_ID');
    expect(refusal({ TEST_GATEWAY_URL: 'http://127.0.0.1:4010' }).variable).toBe('RAZORPAY_KEY_ID');
    expect(refusal({ ...keys, RAZORPAY_KEY_ID: 'key_1DP5mmOlF5G5ag' }).variable).toBe('RAZORPAY_KEY_ID');
    expect(refusal({ PAYMENT_WINDOW_MIN: '0' }).variable).toBe('PAYMENT_WINDOW_MIN');
    expect(loadConfig({ PAYMENT_WINDOW_MIN: '45' }).PAYMENT_WINDOW_MIN).toBe(45);
  });

  it('logs at info unless LOG_LEVEL says otherwise', () => {
    expect(loadConfig({}).LOG_LEVEL).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'debug' }).LOG_LEVEL).toBe('debug');
  });
});

describe('.env.example', () => {
  it('lists every variable the configuration reads, and no other', () => {
    const text = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const listed = [...text.matchAll(/^# ([A-Z0-9_]+)=/gm)].map(([, name]) => name);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('loads as its header says (`set -a; . ./.env`) with every line uncommented, each value as written', () => {
    const text = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const assignments = [...text.matchAll(/^# ([A-Z0-9_]+)=(.*)$/gm)].map(
      ([, name, value]) => [name!, value!] as const,
    );
    const dir = mkdtempSync(join(tmpdir(), 'mibi-env-'));
    try {
      writeFileSync(join(dir, '.env'), assignments.map(([name, value]) => `${name}=${value}\n`).join(''));
      const shell = spawnSync('sh', ['-c', 'set -a; . ./.env; set +a; env'], { cwd: dir, encoding: 'utf8', env: {} });
      expect(shell.stderr).toBe('');
      const loaded = new Map(
        shell.stdout.split('\n').map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      );
      for (const [name, value] of assignments) expect(loaded.get(name), name).toBe(value.replace(/^"(.*)"$/, '$1'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
