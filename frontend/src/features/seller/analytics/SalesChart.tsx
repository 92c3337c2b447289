/**
 * A bar chart of one figure per day, drawn with uPlot on a canvas. Its own chunk (with
 * uPlot and its CSS), loaded by the sales section: the rest of the dashboard does not wait.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatShortDay } from './range.ts';

const DAY_S = 24 * 60 * 60;

export interface SalesChartProps {
  /** UTC days (YYYY-MM-DD), oldest first. */
  days: readonly string[];
  /** The figure of each day. */
  values: readonly number[];
  /** Name of the series ("Revenue"). */
  label: string;
  /** The smallest step between the lines of the value axis (1 unit, ₹100 in paise). */
  step: number;
  /** How a value is written on its axis. */
  formatValue: (value: number) => string;
  /** The theme colour of the bars. */
  tone: 'primary' | 'secondary';
  /** What the chart shows, in words (the canvas itself says nothing to a screen reader). */
  description: string;
  /** Of the canvas, axes included, in CSS pixels: fixed, so nothing moves as the chart arrives. */
  height: number;
}

/** 1, 2, 5 times `step` times the powers of ten: the value axis never shows a fraction of its step. */
const incrementsFrom = (step: number): number[] =>
  Array.from({ length: 13 }, (_, power) => [1, 2, 5].map((m) => m * step * 10 ** power)).flat();

const themeColour = (element: Element, name: string, fallback: string): string =>
  getComputedStyle(element).getPropertyValue(`--color-${name}`).trim() || fallback;

type Series = Pick<SalesChartProps, 'label' | 'step' | 'formatValue' | 'tone' | 'height'>;

function chartOptions(element: HTMLElement, { label, step, formatValue, tone, height }: Series): uPlot.Options {
  const bars = themeColour(element, tone, '#c2410c');
  const text = themeColour(element, 'base-content', '#1c1917');
  const grid = themeColour(element, 'base-300', '#e7e5e4');
  return {
    width: element.clientWidth,
    height,
    legend: { show: false },
    // Hover shows where the cursor is; dragging does not zoom.
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    // Days are UTC: the axis writes them as the API counts them.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    scales: {
      // Half a day of room on each side, so the first and last bars are whole.
      x: { time: true, range: (_plot, min, max) => [min - DAY_S / 2, max + DAY_S / 2] },
      y: { range: (_plot, _min, max) => [0, max > 0 ? max * 1.1 : step * 5] },
    },
    axes: [
      {
        stroke: text,
        grid: { show: false },
        ticks: { stroke: grid },
        incrs: [1, 2, 7, 14, 28].map((days) => days * DAY_S),
        space: 56,
        values: (_plot, splits) =>
          splits.map((seconds) => formatShortDay(new Date(seconds * 1000).toISOString().slice(0, 10))),
      },
      {
        stroke: text,
        grid: { stroke: grid, width: 1 },
        ticks: { show: false },
        incrs: incrementsFrom(step),
        size: 64,
        values: (_plot, splits) => splits.map((value) => formatValue(value)),
      },
    ],
    series: [
      {},
      {
        label,
        stroke: bars,
        fill: bars,
        width: 0,
        paths: uPlot.paths.bars!({ size: [0.7, 24], gap: 1 }),
        points: { show: false },
      },
    ],
  };
}

export default function SalesChart({
  days,
  values,
  label,
  step,
  formatValue,
  tone,
  description,
  height,
}: SalesChartProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current!;
    const data: uPlot.AlignedData = [days.map((day) => Date.parse(day) / 1000), [...values]];
    const plot = new uPlot(chartOptions(element, { label, step, formatValue, tone, height }), data, element);
    const resized = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height }));
    resized.observe(element);
    return () => {
      resized.disconnect();
      plot.destroy();
    };
  }, [days, values, label, step, formatValue, tone, height]);

  return (
    <div ref={container} role="img" aria-label={description} style={{ height }} className="w-full overflow-hidden" />
  );
}
