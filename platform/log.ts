/**
 * The one logger of every process role (the API, projections, workers, the followers' thread,
 * the CLI): JSON lines on stdout, one object a line with a level, or readable lines through
 * pino-pretty in development. Each area logs through `logger('area')`, a child named for it.
 *
 * It starts before the configuration is read (a bad configuration is itself logged), so it reads
 * its two variables here: LOG_LEVEL (validated and documented with the others in
 * platform/config/config.ts, which refuses a bad one) and NODE_ENV.
 */
import { createRequire } from 'node:module';
import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Whatever is logged under these keys, at the top or one or two objects down, is written as [Redacted]. */
const SECRET_KEYS = ['password', 'token', 'cookie', 'authorization', 'secret'];
const REDACTED = SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

function initialLevel(): LogLevel {
  const level = process.env.LOG_LEVEL;
  return (LOG_LEVELS as readonly string[]).includes(level ?? '') ? (level as LogLevel) : 'info';
}

type Fd = 1 | 2;

/** pino-pretty is a development dependency: readable lines when it is installed and a person reads them. */
function prettyWanted(fd: Fd): boolean {
  const { NODE_ENV } = process.env;
  const terminal = (fd === 1 ? process.stdout : process.stderr).isTTY;
  if (NODE_ENV !== 'development' && (NODE_ENV === 'production' || !terminal)) return false;
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

function standardStream(fd: Fd): DestinationStream {
  if (!prettyWanted(fd)) {
    // Asynchronous: lines logged while a write is under way go out together in the next one, so
    // the access lines of a busy server cost a write each only when it is quiet. What is still
    // buffered goes out when the process exits (process.exit included).
    const destination = pino.destination({ dest: fd, sync: false });
    process.once('exit', () => destination.flushSync());
    return destination;
  }
  return pino.transport({
    target: 'pino-pretty',
    options: {
      destination: fd,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,method,route,status,ms',
      // An access line reads as one line; its request and user ids follow it.
      messageFormat: '{if method}{method} {route} {status} {ms} ms{end}{msg}',
    },
  });
}

/** Opened at the first line, so that a process that moves its log (the CLI) opens one stream only. */
let output: DestinationStream | undefined;

/** The root logger; prefer `logger(area)`. */
export const log: Logger = pino(
  {
    level: initialLevel(),
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: REDACTED,
  },
  { write: (line: string) => (output ??= standardStream(1)).write(line) },
);

/** A child logger whose lines carry `"name": area`. */
export function logger(area: string): Logger {
  return log.child({ name: area });
}

/**
 * A child for lines whose fields its one caller fixes and which hold no secret (the access
 * line: method, route pattern, status, time, ids). It skips the redaction of secret keys, which
 * doubles what a line costs; every other area redacts.
 */
export function fixedFieldsLogger(area: string): Logger {
  return log.child({ name: area }, { redact: [] });
}

/** The log on stderr instead: the CLI, whose results are on stdout. */
export function logToStandardError(): void {
  output = standardStream(2);
}

/**
 * Sends every line at `level` or above to `stream` (a test reading what was logged) until the
 * returned function puts the output and the level back.
 */
export function logTo(stream: DestinationStream, level: LogLevel): () => void {
  const before = { output, level: log.level };
  output = stream;
  log.level = level;
  return () => {
    output = before.output;
    log.level = before.level;
  };
}
