/**
 * A progress bar on stderr: events done (of the total, when known), events/s and ETA.
 * On a terminal it redraws one line with \r at most ten times a second; otherwise (a log
 * file, a pipe) it writes a plain line at most once a second.
 */
import { formatCount, formatDuration, rate } from './output.ts';

const BAR_WIDTH = 24;
const TTY_INTERVAL_MS = 100;
const LINE_INTERVAL_MS = 1000;

export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export class Progress {
  private readonly started = performance.now();
  private drawnAt = Number.NEGATIVE_INFINITY;
  private done = 0;
  private fraction = 0;
  private readonly interval: number;

  constructor(
    private readonly label: string,
    /** The total number of events when known; otherwise `update` is given the fraction done. */
    private readonly total: number | null,
    private readonly stream: ProgressStream = process.stderr,
  ) {
    this.interval = stream.isTTY ? TTY_INTERVAL_MS : LINE_INTERVAL_MS;
  }

  /** `fraction` (0..1) is needed only when the total is unknown, e.g. estimated from log positions. */
  update(done: number, fraction?: number): void {
    this.done = done;
    this.fraction = Math.min(1, fraction ?? (this.total ? done / this.total : 0));
    const now = performance.now();
    if (now - this.drawnAt < this.interval) return;
    this.drawnAt = now;
    this.draw(false);
  }

  /** Draws the final state and ends the line; answers the elapsed milliseconds. */
  finish(): number {
    this.fraction = 1;
    this.draw(true);
    return performance.now() - this.started;
  }

  private draw(final: boolean): void {
    const elapsed = performance.now() - this.started;
    const filled = Math.round(this.fraction * BAR_WIDTH);
    const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
    const events =
      this.total === null
        ? `${formatCount(this.done)} events`
        : `${formatCount(this.done)}/${formatCount(this.total)} events`;
    const eta =
      !final && this.fraction > 0 ? `  ETA ${formatDuration((elapsed * (1 - this.fraction)) / this.fraction)}` : '';
    const text = `${this.label} ${bar} ${String(Math.floor(this.fraction * 100)).padStart(3)}%  ${events}  ${formatCount(rate(this.done, elapsed))} events/s${eta}`;
    if (this.stream.isTTY) this.stream.write(`\r${text}\x1b[K${final ? '\n' : ''}`);
    else this.stream.write(`${text}\n`);
  }
}
