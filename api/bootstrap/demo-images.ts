/**
 * Pictures for the demo's products, drawn here as SVG and rendered with sharp: each craft's
 * motif (a paisley for textiles, a painted vase for pottery, a jhumka for jewellery, a heaped
 * bowl for spices, leaves and a mortar for Ayurveda, a lotus for handicrafts, a diya for the
 * home) in its colours, three views a product: the piece, the surface pattern up close, and a
 * set. Colours and the pattern's scale vary with the product's name, so products of one craft differ.
 */
import { runImageJob } from '../images/image-process.ts';
import type { DemoProduct, Motif } from './demo-catalog.ts';

interface Palette {
  /** Background, light to deep. */
  ground: [string, string];
  main: string;
  accent: string;
  /** Fine lines and dots. */
  line: string;
}

const palette = (ground: [string, string], main: string, accent: string, line: string): Palette => ({
  ground,
  main,
  accent,
  line,
});

/** Each craft's colours: a product takes one of them. */
const PALETTES: Record<Motif, Palette[]> = {
  paisley: [
    palette(['#fdf2e9', '#f5c9a8'], '#9f1239', '#d97706', '#7c2d12'),
    palette(['#fef3c7', '#fbbf24'], '#7e22ce', '#be123c', '#581c87'),
    palette(['#ecfeff', '#99f6e4'], '#0f766e', '#c2410c', '#134e4a'),
    palette(['#eef2ff', '#c7d2fe'], '#3730a3', '#db2777', '#1e1b4b'),
    palette(['#fff7ed', '#fdba74'], '#c2410c', '#15803d', '#431407'),
  ],
  // Jaipur's blue pottery: cobalt and turquoise on white.
  pottery: [
    palette(['#f8fafc', '#bfdbfe'], '#1e40af', '#0891b2', '#172554'),
    palette(['#f0fdfa', '#99f6e4'], '#1d4ed8', '#0d9488', '#1e3a8a'),
  ],
  jhumka: [
    palette(['#fefce8', '#fde68a'], '#a16207', '#be123c', '#713f12'),
    palette(['#f8fafc', '#cbd5e1'], '#475569', '#0e7490', '#1e293b'),
    palette(['#fdf4ff', '#f5d0fe'], '#a16207', '#047857', '#701a75'),
  ],
  'spice-bowl': [
    palette(['#fff7ed', '#fdba74'], '#b91c1c', '#ca8a04', '#7c2d12'),
    palette(['#fefce8', '#fde047'], '#ca8a04', '#15803d', '#713f12'),
    palette(['#f0fdf4', '#bbf7d0'], '#3f6212', '#b91c1c', '#422006'),
  ],
  leaves: [
    palette(['#f7fee7', '#bef264'], '#3f6212', '#b45309', '#1a2e05'),
    palette(['#ecfdf5', '#a7f3d0'], '#047857', '#a16207', '#064e3b'),
    palette(['#fefce8', '#fde68a'], '#4d7c0f', '#c2410c', '#3f2a06'),
  ],
  lotus: [
    palette(['#eff6ff', '#bfdbfe'], '#1e3a8a', '#ea580c', '#172554'),
    palette(['#fff1f2', '#fecdd3'], '#be123c', '#ca8a04', '#4c0519'),
    palette(['#fff7ed', '#fed7aa'], '#9a3412', '#15803d', '#431407'),
  ],
  diya: [
    palette(['#fff1f2', '#fecdd3'], '#b45309', '#be123c', '#4c0519'),
    palette(['#f0fdf4', '#bbf7d0'], '#166534', '#d97706', '#14532d'),
  ],
};

const MOTIFS: Record<string, Motif> = {
  textiles: 'paisley',
  handicrafts: 'lotus',
  jewelry: 'jhumka',
  spices: 'spice-bowl',
  ayurveda: 'leaves',
  'home-decor': 'diya',
};

/** A small stable number from the product's name, to vary its colours. */
function seedOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  // Mixed, so names alike still spread over the colours.
  hash = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** `count` copies of `shape` turned evenly around the centre (300, 300). */
const around = (count: number, shape: string, offset = 0): string =>
  Array.from(
    { length: count },
    (_, i) => `<g transform="rotate(${offset + (360 / count) * i} 300 300)">${shape}</g>`,
  ).join('');

/** The motifs, drawn around the centre (300, 300) within about 220 of it. */
const DRAW: Record<Motif, (p: Palette) => string> = {
  paisley: (p) => {
    const buta =
      'M300 500C190 500 150 370 220 290C270 235 330 215 325 120C410 175 440 280 415 365C395 440 355 500 300 500Z';
    const ring = (scale: number, fill: string) =>
      `<path d="${buta}" fill="${fill}" transform="translate(300 330) scale(${scale}) translate(-300 -330)"/>`;
    const dots = Array.from({ length: 14 }, (_, i) => {
      const t = (i / 14) * Math.PI * 2;
      return `<circle cx="${(300 + Math.cos(t) * 205).toFixed(1)}" cy="${(330 + Math.sin(t) * 205).toFixed(1)}" r="7" fill="${p.accent}"/>`;
    }).join('');
    return `${ring(1, p.main)}${ring(0.78, p.ground[0])}${ring(0.62, p.accent)}${ring(0.44, p.main)}<circle cx="300" cy="400" r="22" fill="${p.ground[0]}"/>${dots}`;
  },
  pottery: (p) => {
    const vase =
      'M245 110H355L345 160C430 205 455 320 410 410C385 460 350 490 300 490C250 490 215 460 190 410C145 320 170 205 255 160Z';
    const flower = (x: number, y: number) =>
      `<g transform="translate(${x} ${y})">${[0, 60, 120, 180, 240, 300].map((a) => `<ellipse rx="9" ry="20" cy="-18" fill="${p.ground[0]}" transform="rotate(${a})"/>`).join('')}<circle r="9" fill="${p.accent}"/></g>`;
    return `<path d="${vase}" fill="${p.main}"/><rect x="235" y="100" width="130" height="22" rx="8" fill="${p.line}"/>
      <path d="M190 300H410" stroke="${p.ground[0]}" stroke-width="6"/><path d="M200 390H400" stroke="${p.ground[0]}" stroke-width="6"/>
      ${flower(245, 345)}${flower(300, 345)}${flower(355, 345)}<path d="M262 200Q300 240 338 200" stroke="${p.accent}" stroke-width="8" fill="none"/>`;
  },
  jhumka: (p) => {
    const pearls = Array.from(
      { length: 11 },
      (_, i) =>
        `<circle cx="${190 + i * 22}" cy="432" r="10" fill="${p.ground[0]}" stroke="${p.line}" stroke-width="2"/>`,
    ).join('');
    const drops = [200, 245, 300, 355, 400]
      .map(
        (x) =>
          `<path d="M${x} 445L${x} 475" stroke="${p.main}" stroke-width="4"/><circle cx="${x}" cy="485" r="9" fill="${p.accent}"/>`,
      )
      .join('');
    return `<path d="M300 70C330 70 340 100 322 118" stroke="${p.line}" stroke-width="7" fill="none"/>
      <circle cx="300" cy="165" r="48" fill="${p.main}"/><circle cx="300" cy="165" r="24" fill="${p.accent}"/>
      <path d="M300 213V240" stroke="${p.main}" stroke-width="8"/>
      <path d="M185 425Q185 250 300 240Q415 250 415 425Z" fill="${p.main}"/>
      <path d="M215 400Q220 290 300 275Q380 290 385 400" stroke="${p.ground[0]}" stroke-width="5" fill="none"/>
      ${[250, 300, 350].map((x) => `<circle cx="${x}" cy="345" r="13" fill="${p.accent}"/>`).join('')}${pearls}${drops}`;
  },
  'spice-bowl': (p) => {
    const seeds = Array.from({ length: 26 }, (_, i) => {
      const x = 175 + ((i * 53) % 250);
      const y = 215 + ((i * 37) % 95) * Math.sin(((x - 175) / 250) * Math.PI);
      return `<ellipse cx="${x}" cy="${(330 - y + 215).toFixed(1)}" rx="7" ry="4" fill="${p.line}" transform="rotate(${(i * 47) % 180} ${x} ${(330 - y + 215).toFixed(1)})"/>`;
    }).join('');
    const star = around(8, `<ellipse cx="300" cy="268" rx="9" ry="30" fill="${p.accent}"/>`);
    return `<path d="M150 330Q300 150 450 330Z" fill="${p.main}"/>${seeds}
      <path d="M130 330H470Q460 470 300 480Q140 470 130 330Z" fill="${p.line}"/><path d="M150 350H450" stroke="${p.accent}" stroke-width="6"/>
      <g transform="translate(120 120) scale(0.55) translate(-300 -300)">${star}<circle cx="300" cy="300" r="12" fill="${p.line}"/></g>
      <path d="M420 120Q500 150 470 250Q455 190 420 160Z" fill="${p.main}"/><path d="M420 120L405 100" stroke="#15803d" stroke-width="8"/>`;
  },
  leaves: (p) => {
    const leaf = (angle: number, colour: string) =>
      `<g transform="rotate(${angle} 300 330)"><path d="M300 330C240 260 250 150 300 90C350 150 360 260 300 330Z" fill="${colour}"/><path d="M300 320V110" stroke="${p.ground[0]}" stroke-width="4"/></g>`;
    return `${leaf(-55, p.accent)}${leaf(55, p.accent)}${leaf(-25, p.main)}${leaf(25, p.main)}${leaf(0, p.line)}
      <path d="M185 360H415L395 470Q300 505 205 470Z" fill="${p.line}"/><rect x="175" y="345" width="250" height="26" rx="12" fill="${p.main}"/>
      <path d="M360 250L440 380" stroke="${p.accent}" stroke-width="22" stroke-linecap="round"/>`;
  },
  lotus: (p) => {
    const outer = around(
      8,
      `<path d="M300 300C260 240 265 150 300 95C335 150 340 240 300 300Z" fill="${p.main}"/>`,
      22.5,
    );
    const inner = around(8, `<path d="M300 300C270 250 275 185 300 150C325 185 330 250 300 300Z" fill="${p.accent}"/>`);
    const dots = around(16, `<circle cx="300" cy="70" r="8" fill="${p.line}"/>`);
    return `${dots}<circle cx="300" cy="300" r="215" fill="none" stroke="${p.line}" stroke-width="4"/>${outer}${inner}
      <circle cx="300" cy="300" r="48" fill="${p.ground[0]}"/><circle cx="300" cy="300" r="26" fill="${p.main}"/>`;
  },
  diya: (p) => {
    const glow = [120, 85, 55]
      .map((r, i) => `<circle cx="300" cy="215" r="${r}" fill="${p.accent}" fill-opacity="${0.12 + i * 0.1}"/>`)
      .join('');
    return `${glow}<path d="M300 120C335 170 340 215 300 250C260 215 265 170 300 120Z" fill="#f59e0b"/><path d="M300 165C318 195 318 220 300 240C282 220 282 195 300 165Z" fill="#fef3c7"/>
      <path d="M300 250V290" stroke="${p.line}" stroke-width="6"/>
      <path d="M130 300H430L480 270Q470 330 420 350Q300 420 180 350Q140 330 130 300Z" fill="${p.main}"/>
      <path d="M170 330Q300 380 430 330" stroke="${p.ground[0]}" stroke-width="6" fill="none"/>
      ${[210, 255, 300, 345, 390].map((x) => `<circle cx="${x}" cy="${350 + Math.round(Math.abs(x - 300) / -6)}" r="8" fill="${p.accent}"/>`).join('')}
      <path d="M240 395H360L375 440H225Z" fill="${p.line}"/>`;
  },
};

interface Tile {
  width: number;
  height: number;
  body: string;
}

const tile = (width: number, height: number, body: string): Tile => ({ width, height, body });

/** The surface of each craft: a tile of its pattern. */
const SURFACE: Record<Motif, (p: Palette) => Tile> = {
  paisley: (p) =>
    tile(
      80,
      80,
      `<rect width="80" height="80" fill="${p.main}"/><path d="M40 6L74 40L40 74L6 40Z" fill="${p.accent}"/><path d="M40 20L60 40L40 60L20 40Z" fill="${p.ground[0]}"/><path d="M40 31L49 40L40 49L31 40Z" fill="${p.line}"/>`,
    ),
  pottery: (p) =>
    tile(
      90,
      90,
      `<rect width="90" height="90" fill="${p.ground[0]}"/>${[0, 90, 180, 270].map((a) => `<ellipse cx="45" cy="27" rx="9" ry="18" fill="${p.main}" transform="rotate(${a} 45 45)"/>`).join('')}<circle cx="45" cy="45" r="8" fill="${p.accent}"/><circle cx="0" cy="0" r="10" fill="${p.main}"/><circle cx="90" cy="90" r="10" fill="${p.main}"/>`,
    ),
  jhumka: (p) =>
    tile(
      60,
      60,
      `<rect width="60" height="60" fill="${p.ground[1]}"/><path d="M0 30A30 30 0 0 1 60 30" stroke="${p.main}" stroke-width="5" fill="none"/><path d="M-30 60A30 30 0 0 1 30 60M30 60A30 30 0 0 1 90 60" stroke="${p.main}" stroke-width="5" fill="none"/><circle cx="30" cy="18" r="5" fill="${p.accent}"/>`,
    ),
  'spice-bowl': (p) =>
    tile(
      50,
      50,
      `<rect width="50" height="50" fill="${p.main}"/><ellipse cx="12" cy="14" rx="6" ry="3.5" fill="${p.accent}" transform="rotate(30 12 14)"/><ellipse cx="36" cy="30" rx="6" ry="3.5" fill="${p.line}" transform="rotate(-40 36 30)"/><ellipse cx="18" cy="40" rx="5" ry="3" fill="${p.ground[0]}" transform="rotate(80 18 40)"/><circle cx="40" cy="10" r="3" fill="${p.ground[1]}"/>`,
    ),
  leaves: (p) =>
    tile(
      70,
      70,
      `<rect width="70" height="70" fill="${p.ground[1]}"/><path d="M35 62C20 48 22 22 35 8C48 22 50 48 35 62Z" fill="${p.main}" transform="rotate(35 35 35)"/><path d="M0 70C-8 60-6 45 0 38C6 45 8 60 0 70Z" fill="${p.accent}"/><path d="M70 70C62 60 64 45 70 38C76 45 78 60 70 70Z" fill="${p.accent}"/>`,
    ),
  lotus: (p) =>
    tile(
      60,
      40,
      `<rect width="60" height="40" fill="${p.ground[0]}"/><path d="M0 30L15 10L30 30L45 10L60 30" stroke="${p.main}" stroke-width="6" fill="none"/><circle cx="15" cy="32" r="4" fill="${p.accent}"/><circle cx="45" cy="32" r="4" fill="${p.accent}"/>`,
    ),
  diya: (p) =>
    tile(
      64,
      64,
      `<rect width="64" height="64" fill="${p.ground[0]}"/>${[0, 45, 90, 135].map((a) => `<ellipse cx="32" cy="20" rx="5" ry="12" fill="${p.main}" transform="rotate(${a} 32 32)"/><ellipse cx="32" cy="20" rx="5" ry="12" fill="${p.main}" transform="rotate(${a + 180} 32 32)"/>`).join('')}<circle cx="32" cy="32" r="6" fill="${p.accent}"/><circle cx="0" cy="0" r="4" fill="${p.line}"/><circle cx="64" cy="64" r="4" fill="${p.line}"/><circle cx="64" cy="0" r="4" fill="${p.line}"/><circle cx="0" cy="64" r="4" fill="${p.line}"/>`,
    ),
};

/**
 * The surface as the SVG pattern `surface`, its tile `scale` times its size. Drawn through a
 * viewBox from the origin: librsvg paints such a pattern in a tenth of the time of one shifted.
 */
function surfacePattern(motif: Motif, p: Palette, scale: number): string {
  const { width, height, body } = SURFACE[motif](p);
  return `<pattern id="surface" width="${width * scale}" height="${height * scale}" viewBox="0 0 ${width} ${height}" patternUnits="userSpaceOnUse">${body}</pattern>`;
}

const svg = (defs: string, body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600"><defs>${defs}</defs>${body}</svg>`;

/** The piece itself: the motif on a soft ground, framed by the surface as a border. */
function pieceView(motif: Motif, p: Palette): string {
  const ground = `<radialGradient id="ground" cx="50%" cy="45%" r="70%"><stop offset="0" stop-color="${p.ground[0]}"/><stop offset="1" stop-color="${p.ground[1]}"/></radialGradient>`;
  return svg(
    `${ground}${surfacePattern(motif, p, 0.5)}`,
    `<rect width="600" height="600" fill="url(#ground)"/><rect width="600" height="38" fill="url(#surface)"/><rect y="562" width="600" height="38" fill="url(#surface)"/>
    <ellipse cx="300" cy="520" rx="170" ry="18" fill="${p.line}" fill-opacity="0.15"/>
    ${DRAW[motif](p)}`,
  );
}

/** The surface up close, a band of the motif's colours across it. */
function surfaceView(motif: Motif, p: Palette, scale: number): string {
  return svg(
    surfacePattern(motif, p, scale),
    `<rect width="600" height="600" fill="url(#surface)"/>
    <rect y="420" width="600" height="70" fill="${p.line}"/><path d="M0 455H600" stroke="${p.accent}" stroke-width="8" stroke-dasharray="24 12"/>`,
  );
}

/** A set: three of the piece on a deep ground, the middle one in front. */
function setView(motif: Motif, p: Palette): string {
  const one = (x: number, y: number, scale: number, colours: Palette) =>
    `<g transform="translate(${x} ${y}) scale(${scale}) translate(-300 -300)">${DRAW[motif](colours)}</g>`;
  const swapped = { ...p, main: p.accent, accent: p.main };
  return svg(
    '',
    `<rect width="600" height="600" fill="${p.line}"/><circle cx="300" cy="300" r="250" fill="${p.ground[1]}"/><circle cx="300" cy="300" r="232" fill="${p.ground[0]}"/>
    <rect x="60" y="470" width="480" height="16" rx="8" fill="${p.line}"/>
    ${one(165, 320, 0.5, swapped)}${one(435, 320, 0.5, swapped)}${one(300, 300, 0.68, p)}`,
  );
}

/** The motif a product is drawn with: its own, or its category's. */
const motifOf = (product: DemoProduct): Motif => product.motif ?? MOTIFS[product.categoryId] ?? 'lotus';

/** The product's pictures as SVG: the piece first (the main image), then its surface, then a set. */
export function demoImageSvgs(product: DemoProduct): string[] {
  const seed = seedOf(product.name);
  const motif = motifOf(product);
  const choices = PALETTES[motif];
  const colours = choices[seed % choices.length]!;
  return [
    pieceView(motif, colours),
    surfaceView(motif, colours, 1.4 + ((seed >>> 8) % 5) / 10),
    setView(motif, colours),
  ];
}

/** Width of the rendered pictures: the widest size the catalog stores, so the upload keeps every size. */
const RENDERED_WIDTH = 1024;

/** The product's pictures as JPEGs to upload, like the photos a seller would send; drawn in the image process. */
export function demoImages(product: DemoProduct): Promise<Buffer[]> {
  return Promise.all(
    demoImageSvgs(product).map(async (svg) => {
      const outcome = await runImageJob({
        type: 'rasterize',
        svg,
        density: (72 * RENDERED_WIDTH) / 600,
        width: RENDERED_WIDTH,
        quality: 90,
      });
      if (!outcome.ok) throw new Error(`drawing a picture of ${product.name} failed: ${outcome.message}`);
      return outcome.value;
    }),
  );
}
