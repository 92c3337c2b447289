import cssColours from 'color-name';

/**
 * The colour a swatch shows for a colour's name. Sellers name colours as they like: the usual
 * ones of Indian crafts are listed, a CSS colour name is taken as is, and any other shows as a
 * neutral swatch (its name always shows beside it, so nothing rests on the colour alone). CSS's
 * names come from a list rather than the browser's CSS.supports, so a page drawn on the server
 * shows the swatches the browser would.
 */
const CRAFT_COLOURS: Record<string, string> = {
  tan: '#c08a55',
  brown: '#6b4226',
  black: '#1f1f1f',
  white: '#f7f5f0',
  'off white': '#f1ead8',
  cream: '#f3e6c4',
  beige: '#dcc9a4',
  red: '#b3261e',
  maroon: '#6d1a1f',
  indigo: '#2f3a7a',
  blue: '#2459a8',
  green: '#2e7d4f',
  'mehendi green': '#6b7a2a',
  yellow: '#e3b505',
  mustard: '#c99a1d',
  saffron: '#f08a24',
  orange: '#e0671b',
  pink: '#d9558b',
  'rani pink': '#c2185b',
  purple: '#6a3d8f',
  gold: '#c9a227',
  silver: '#b8bcc2',
  copper: '#b06a3b',
  brass: '#b5a642',
  grey: '#8a8a8a',
  gray: '#8a8a8a',
  natural: '#e8dcc2',
};

export function swatchColour(name: string): string | null {
  const key = name.trim().toLowerCase();
  // Own properties only: 'constructor' is no colour.
  if (Object.hasOwn(CRAFT_COLOURS, key)) return CRAFT_COLOURS[key]!;
  return Object.hasOwn(cssColours, key) ? key : null;
}
