/** Reading what was logged, in tests. */
import { type LogLevel, logTo } from './log.ts';

/** One log line as written, parsed. */
export type LogLine = Record<string, unknown> & { level: LogLevel; msg?: string; name?: string };

/** The lines logged at `level` or above until `restore()`, parsed; none reach the test's output. */
export function captureLog(level: LogLevel = 'info'): { lines: LogLine[]; restore(): void } {
  const lines: LogLine[] = [];
  const restore = logTo({ write: (line: string) => void lines.push(JSON.parse(line)) }, level);
  return { lines, restore };
}
