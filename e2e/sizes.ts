/** The two screens every issue-15 browser test runs on: a phone and a laptop. */
export const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
] as const;

export type SizeName = (typeof SIZES)[number]['name'];
