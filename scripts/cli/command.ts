/** What every `mibi` command shares: its shape, argument parsing and the errors that set the exit code. */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { loadConfig } from '../../platform/config/config.ts';
import { assemble } from '../../api/roles/assemble.ts';
import type { Platform } from '../../platform/platform.ts';

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

export interface Command {
  name: string;
  /** One line for `mibi --help`. */
  summary: string;
  /** The whole `mibi <command> --help` text. */
  help: string;
  /** Answers the exit code. */
  run(argv: string[]): Promise<number>;
}

/** The command line is wrong: exit code 2, with a hint to `--help`. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The command could not do its work (refused, not found, ...): exit code 1. */
export class CommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandError';
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** Strict parsing: unknown options and a wrong number of positionals are usage errors. */
export function parse<const T extends Options>(
  argv: string[],
  options: T,
  positionals: { min: number; max: number; name?: string },
) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const count = parsed.positionals.length;
  if (count < positionals.min) throw new UsageError(`Missing ${positionals.name ?? 'argument'}`);
  if (count > positionals.max) throw new UsageError(`Unexpected argument: ${parsed.positionals[positionals.max]}`);
  return parsed;
}

/** A whole number of at least `min` given to `flag`. */
export function wholeNumber(text: string | undefined, flag: string, min = 0): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min)
    throw new UsageError(`${flag} must be a whole number of at least ${min} (got "${text}")`);
  return value;
}

/** Runs `work` on the adapters the configuration names (DATA_DIR, POSTGRES_URL, EVENTSTORE_URL, MONGO_URL, ...), then closes them. */
export async function withPlatform<T>(work: (platform: Platform) => Promise<T>): Promise<T> {
  const { platform, stop } = await assemble(loadConfig(), []);
  try {
    return await work(platform);
  } finally {
    await stop();
  }
}
