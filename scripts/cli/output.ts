/** Writing results to stdout and numbers for people. */
import { once } from 'node:events';

/** Writes `text`, waiting while the stream's buffer is full, so a large output never piles up in memory. */
export async function write(text: string, stream: NodeJS.WritableStream = process.stdout): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

export const formatCount = (value: number): string => value.toLocaleString('en-US');

/** Events per second over `ms`, rounded. */
export const rate = (events: number, ms: number): number => (ms > 0 ? Math.round((events * 1000) / ms) : 0);

export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}

export interface Column {
  width: number;
  align: 'left' | 'right';
}

export const right = (width: number): Column => ({ width, align: 'right' });
export const left = (width: number): Column => ({ width, align: 'left' });

/** Cells padded to their column; cells past the layout (the long names, last) are left as they are. */
export function columns(cells: Array<string | number>, layout: Column[]): string {
  return cells
    .map((cell, i) => {
      const text = typeof cell === 'number' ? formatCount(cell) : cell;
      const column = layout[i];
      if (!column) return text;
      return column.align === 'right' ? text.padStart(column.width) : text.padEnd(column.width);
    })
    .join('  ');
}
