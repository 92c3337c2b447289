import type { ProductImage } from '../../domain/product/image.ts';
import type { PublicProduct } from '../../projections/catalog/documents.ts';
import { ALL_CATEGORIES, PRODUCT_SORTS } from '../../domain/catalog/product-query.ts';
import type { CatalogIndex } from '../reads/catalog-index.ts';
import type { Prepared } from './prepared.ts';
import type { Reopenable } from '../reads/reopenable.ts';
import { ProductListQuerySchema, productQuery } from '../routes/products.ts';

/**
 * What the SPA does on its product pages, which the hints must repeat exactly or be wasted
 * (e2e/page-speed.spec.ts holds them to what the page requests):
 * - /products asks GET /api/products with these query values in this order
 *   (features/catalog/useProductList.ts, filters.ts) and shows the first product's first
 *   picture in a grid card (ProductCard.tsx, IMAGE_SIZES.grid);
 * - /products/{id} asks GET /api/products/{id} (features/product/useProduct.ts) and shows the
 *   first picture in the gallery (ProductGallery.tsx, MAIN_SIZES).
 * Both call fetch() through the typed client with credentials 'same-origin' (api/client.ts).
 */
const SPA = {
  listPageSize: 20,
  defaultSort: 'popularity',
  allCategories: ALL_CATEGORIES,
  cardSizes: '(min-width: 1280px) 240px, (min-width: 1024px) 23vw, (min-width: 768px) 31vw, 48vw',
  galleryMainSizes: '(min-width: 1280px) 604px, (min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)',
} as const;

/** A product page's path, with an id as the catalog makes them. */
export const PRODUCT_PATH = /^\/products\/([\w-]{1,100})$/;

const escapeAttribute = (value: string): string =>
  value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The picture as the <img> of components/ProductImage.tsx asks for it: a responsive preload
 * with the same candidates and sizes picks the same file, whatever the screen.
 */
function imagePreload(image: ProductImage, sizes: string): string {
  const srcset = image.sizes.map(({ url, width }) => `${url} ${width}w`).join(', ');
  const responsive = srcset ? ` imagesrcset="${escapeAttribute(srcset)}" imagesizes="${escapeAttribute(sizes)}"` : '';
  return `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(image.url)}"${responsive}>`;
}

/**
 * The JSON the page fetches. `crossorigin` (anonymous) is what fetch() with credentials
 * 'same-origin' asks for: mode cors, cookies sent to our own origin. Without it the browser
 * fetches the JSON twice.
 */
const fetchPreload = (url: string): string =>
  `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(url)}">`;

/** A file of the page's own script, as Vite's links in index.html name theirs. */
export const modulePreload = (file: string): string =>
  `<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}">`;

export interface Route {
  /** The page's module, as the build's manifest names it (frontend/src/routes.tsx). */
  module: string;
  api: string;
  body(index: CatalogIndex): Prepared | undefined;
  /** The LCP picture, from the body's JSON. */
  picture(json: string): ProductImage | undefined;
  sizes: string;
}

/** The list page's query values, as the SPA reads them from its address (filters.ts `filtersFrom`) and sends them. */
function listRoute(search: string): Route | null {
  const params = new URLSearchParams(search);
  // A list filtered by option values or a certificate is left to the page: its query repeats `option`.
  if (params.has('option') || params.has('certified')) return null;
  const sort = params.get('sort');
  const q = params.get('q')?.trim() ?? '';
  const values: Record<string, string> = {
    category: params.get('category') || SPA.allCategories,
    sort: sort !== null && (PRODUCT_SORTS as readonly string[]).includes(sort) ? sort : SPA.defaultSort,
    limit: String(SPA.listPageSize),
    offset: '0',
    ...(q && { q }),
  };
  const valid = ProductListQuerySchema.safeParse(values);
  if (!valid.success) return null; // the API answers a 400: nothing worth preloading
  const query = productQuery(valid.data);
  return {
    module: 'src/features/catalog/ProductsPage.tsx',
    api: `/api/products?${new URLSearchParams(values)}`,
    body: (index) => index.listBody(query),
    picture: (json) => (JSON.parse(json) as { items: PublicProduct[] }).items[0]?.images[0],
    sizes: SPA.cardSizes,
  };
}

function routeOf(path: string, search: string): Route | null {
  if (path === '/products') return listRoute(search);
  const id = PRODUCT_PATH.exec(path)?.[1];
  if (id === undefined) return null;
  return {
    module: 'src/features/product/ProductDetailPage.tsx',
    api: `/api/products/${id}`,
    body: (index) => index.productBody(id),
    picture: (json) => (JSON.parse(json) as PublicProduct).images[0],
    sizes: SPA.galleryMainSizes,
  };
}

const decoder = new TextDecoder();

/** The API answer the page at `path` (`search` its query) asks for first: its address and the catalog's body for it; null on any other page. */
export async function firstAnswer(
  catalog: Pick<Reopenable<CatalogIndex>, 'get'>,
  path: string,
  search: string,
): Promise<{ route: Route; source: Prepared } | null> {
  const route = routeOf(path, search);
  if (!route) return null;
  // Without the catalog the page loads as it would without hints; the API reports the failure.
  const index = await catalog.get().catch(() => null);
  const source = index && route.body(index);
  return source ? { route, source } : null;
}

/**
 * The head hints of the SPA page at `path` (`search` its query string, '?' included or not):
 * on /products and a product page, preloads of its LCP picture, of the JSON the page fetches
 * and of its script (`modules`, the files of a page's module beyond the first route's, see
 * spa-manifest.ts), so all start as the HTML arrives rather than after HTML -> script -> route
 * chunk -> JSON -> picture. A page drawn on the server (`drawn`, see page-render.ts) carries its
 * JSON and shows before its script, which comes once the page is on screen
 * (frontend/src/boot.ts): its picture alone is preloaded. Null on
 * any other page, or when the catalog has nothing to show there (an invalid query, a product
 * not on sale). Made once per catalog body: a change of the catalog gives new bodies, so new hints.
 */
export function pageHints(
  catalog: Pick<Reopenable<CatalogIndex>, 'get'>,
  modules: (module: string) => readonly string[] = () => [],
) {
  const made = new WeakMap<Prepared, { api: string; files: readonly string[]; picture: string; scripts: string }>();
  return async (path: string, search: string, drawn = false): Promise<string | null> => {
    const answer = await firstAnswer(catalog, path, search);
    if (!answer) return null;
    const { route, source } = answer;
    const files = modules(route.module);
    let hints = made.get(source);
    if (hints?.api !== route.api || hints.files !== files) {
      const picture = route.picture(decoder.decode(source.bytes));
      hints = {
        api: route.api,
        files,
        picture: picture ? imagePreload(picture, route.sizes) : '',
        scripts: files.map(modulePreload).join(''),
      };
      made.set(source, hints);
    }
    return hints.picture + (drawn ? '' : fetchPreload(route.api) + hints.scripts);
  };
}
