import { describe, expect, it } from 'vitest';
import { swatchColour } from './swatches.ts';

describe('swatchColour', () => {
  it("shows a craft colour's own shade, a CSS colour name as it is, and anything else as no colour", () => {
    expect(swatchColour(' Mehendi Green ')).toBe('#6b7a2a');
    expect(swatchColour('Ivory')).toBe('ivory');
    expect(swatchColour('rebeccapurple')).toBe('rebeccapurple');
    // Words CSS takes for a colour that are none of their own, and names of no colour.
    for (const name of ['transparent', 'currentColor', 'inherit', 'constructor', 'Peacock blue', ''])
      expect(swatchColour(name), name).toBeNull();
  });
});
