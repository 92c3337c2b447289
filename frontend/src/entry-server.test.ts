import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server.tsx';
import type { Product } from './features/product/types.ts';

const FIRST_PAGE = '/api/products?category=all&sort=popularity&limit=20&offset=0';

/** The tags of `html` that a page's policy (script-src and style-src 'self') would refuse. */
const refused = (html: string) => [
  ...(html.match(/<script(?![^>]*type="application\/json")[^>]*>/g) ?? []),
  ...(html.match(/ style="/g) ?? []),
];

describe('renderPage', () => {
  it('draws the home page in the language asked, with nothing the policy refuses', async () => {
    const english = await renderPage('/', 'en', {});
    expect(english).toContain('Why shop with MIBI');
    // The session is asked for in the browser: the header holds its place meanwhile.
    expect(english).not.toContain('Sign In');
    const hindi = await renderPage('/hi/', 'hi', {});
    expect(hindi).toContain('href="/hi/products"');
    expect(hindi).not.toContain('Why shop with MIBI');
    expect(refused(english + hindi)).toEqual([]);
  });

  it('draws the catalogue from the answer given, and carries that answer for the browser, escaped', async () => {
    const answer = { items: [], total: 0, note: '</script><script>alert(1)</script>' };
    const html = await renderPage('/products', 'en', { [FIRST_PAGE]: answer });
    // The page's own chunk (React.lazy) is in: the page itself is drawn, not its loading state.
    expect(html).toContain('Authentic Indian Products');
    expect(html).toContain('Products will appear here as sellers list them.');
    const carried = /<script type="application\/json" id="mibi-prefetched">(.*)<\/script>$/.exec(html)?.[1];
    expect(carried).not.toContain('</script>');
    expect(JSON.parse(carried!)).toEqual({ [FIRST_PAGE]: answer });
    expect(refused(html)).toEqual([]);
  });

  it('draws a product page from the answer given: its name, price and first picture', async () => {
    const html = await renderPage('/hi/products/shawl', 'hi', { '/api/products/shawl': SHAWL });
    // The page itself in its language (not its loading state), with its colours to choose from.
    for (const shown of ['<h1', 'Pashmina shawl', '₹1,000', 'src="/media/p/shawl-800.webp"', 'कार्ट में डालें', 'Rust'])
      expect(html).toContain(shown);
    expect(html).not.toContain('Loading...');
    // The swatches' colours are SVG fills: a style attribute would be refused.
    expect(html).toContain('fill="ivory"');
    expect(refused(html)).toEqual([]);
  });

  it('draws one page at a time: pages asked together each come in their own language', async () => {
    const [english, hindi] = await Promise.all([renderPage('/', 'en', {}), renderPage('/hi/', 'hi', {})]);
    expect(english).toContain('Why shop with MIBI');
    expect(hindi).not.toContain('Why shop with MIBI');
  });
});

/** A shawl in two colours, the rust one dearer. */
const colour = (name: string, pricePaise: number) => ({
  id: name.toLowerCase(),
  sku: `SHAWL-${name.toUpperCase()}`,
  optionValues: [name],
  label: name,
  pricePaise,
  originalPricePaise: null,
  imageUrls: [],
  stockQuantity: 3,
});

/** GET /api/products/shawl as the catalog answers it. */
const SHAWL: Product = {
  id: 'shawl',
  sellerId: 'seller-1',
  sellerName: 'Meera Weaves',
  name: 'Pashmina shawl',
  description: 'Handwoven in Kashmir.',
  pricePaise: 100_000,
  originalPricePaise: null,
  percentOff: null,
  maxPricePaise: 120_000,
  categoryId: 'textiles',
  imageUrl: '/media/p/shawl-800.webp',
  images: [{ id: 'shawl', url: '/media/p/shawl-800.webp', sizes: [{ width: 800, url: '/media/p/shawl-800.webp' }] }],
  options: [{ name: 'Colour', values: ['Ivory', 'Rust'] }],
  variants: [colour('Ivory', 100_000), colour('Rust', 120_000)],
  stockQuantity: 6,
  tax: { hsn: '6214', gstRateBps: 500 },
  provenance: { code: 'N7EHXBG9MG', method: null, madeBy: [], badges: [] },
  tags: ['pashmina'],
  translations: {},
  madeToOrderDays: null,
  personalisation: [],
  verification: 'verified',
  featured: false,
  delisted: false,
  sellerVerified: true,
  sellerSuspended: false,
  visible: true,
  displayStatus: 'Active',
  ratingCount: 0,
  rating: null,
  unitsSold: 0,
  listedAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};
