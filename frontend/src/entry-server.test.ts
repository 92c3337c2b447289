import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server.tsx';

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

  it('draws one page at a time: pages asked together each come in their own language', async () => {
    const [english, hindi] = await Promise.all([renderPage('/', 'en', {}), renderPage('/hi/', 'hi', {})]);
    expect(english).toContain('Why shop with MIBI');
    expect(hindi).not.toContain('Why shop with MIBI');
  });
});
