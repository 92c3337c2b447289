import {
  type ProductFilter,
  type ProductSort,
  matchesFilter,
  productSearchIndex,
} from '../../domain/catalog/product-query.ts';
import type { SearchIndex } from '../../domain/catalog/search-keys.ts';
import type { Bus } from '../../platform/bus/port.ts';
import type { DocChange, ReadStore } from '../../platform/readstore/port.ts';
import { CATEGORIES, catalog, PRODUCTS } from '../../projections/catalog/projection.ts';
import { visibleProducts } from '../../projections/catalog/queries.ts';
import { type ProductDoc, publicProduct } from '../../projections/catalog/documents.ts';
import { loadAndFollow } from '../../platform/projection/follow.ts';
import { type ChangeNotice, NoticeDocuments } from '../../platform/projection/projection.ts';
import { type Prepared, prepare } from '../http/prepared.ts';
import { type Opened, Reopenable } from './reopenable.ts';
import type { CategoryDoc } from '../../projections/categories/documents.ts';
import { logger } from '../../platform/log.ts';

const log = logger('catalog');

/** A page of the product list: its filter, order and place. */
export interface ProductQuery extends ProductFilter {
  /** Null: the spec's order, featured first, then newest. */
  sort: ProductSort | null;
  limit: number;
  offset: number;
}

interface Entry {
  doc: ProductDoc;
  /** Name, description and tags in every language, for the search. */
  search: SearchIndex;
  /** The public fields as JSON, made when first asked for; the list pages are built from it. */
  json?: string;
  /** The detail's body, made when first asked for. */
  body?: Prepared;
}

type Compare = (a: ProductDoc, b: ProductDoc) => number;

const featuredFirst: Compare = (a, b) => Number(b.featured) - Number(a.featured);
const newestFirst: Compare = (a, b) => (a.listedAt < b.listedAt ? 1 : a.listedAt > b.listedAt ? -1 : 0);
// Last tie-breaker, as in the read store, so paging is stable.
const byId: Compare = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const bestSelling: Compare = (a, b) => b.unitsSold - a.unitsSold;
const cheapestFirst: Compare = (a, b) => a.pricePaise - b.pricePaise;
const bestRated: Compare = (a, b) => (b.rating ?? -1) - (a.rating ?? -1) || b.ratingCount - a.ratingCount;

function chain(...compares: Compare[]): Compare {
  return (a, b) => {
    for (const compare of compares) {
      const order = compare(a, b);
      if (order !== 0) return order;
    }
    return 0;
  };
}

const ORDERS: Record<ProductSort | 'default', Compare> = {
  default: chain(featuredFirst, newestFirst, byId),
  popularity: chain(featuredFirst, bestSelling, newestFirst, byId),
  'price-low': chain(cheapestFirst, newestFirst, byId),
  'price-high': chain((a, b) => cheapestFirst(b, a), newestFirst, byId),
  rating: chain(bestRated, newestFirst, byId),
  newest: chain(newestFirst, byId),
};

/** Distinct list queries whose body is kept; beyond this the cache starts over. */
const PAGE_CACHE_LIMIT = 1000;

/** The collections of the catalog projection that the index holds. */
const INDEXED: ReadonlySet<string> = new Set([PRODUCTS, CATEGORIES]);

const byName = (a: CategoryDoc, b: CategoryDoc) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * The visible products and the categories in memory, so the public list, detail and
 * categories answer without a query to the read store. Sorted lists and the bodies of answered
 * queries (encoded, with their ETag) are kept until the next change of any product (of any
 * category, for the categories' body), so a repeated read only writes bytes out.
 */
export class CatalogIndex {
  readonly #entries = new Map<string, Entry>();
  readonly #sorted = new Map<keyof typeof ORDERS, Entry[]>();
  readonly #pages = new Map<string, Prepared>();
  readonly #categories = new Map<string, CategoryDoc>();
  #categoriesBody: Prepared | undefined;
  #generation = 0;

  /** Counts the batches taken: an answer made from the index holds while this stays (http/replay-cache.ts). */
  get generation(): number {
    return this.#generation;
  }

  /** Takes the product and category documents of a projection batch: visible products in, the others out. */
  apply(changes: readonly DocChange[]): void {
    if (changes.length > 0) this.#generation++;
    let changed = false;
    for (const { collection, id, doc } of changes) {
      if (collection === CATEGORIES) {
        if (doc) this.#categories.set(id, doc as CategoryDoc);
        else this.#categories.delete(id);
        this.#categoriesBody = undefined;
        continue;
      }
      if (collection !== PRODUCTS) continue;
      const product = doc as ProductDoc | null;
      if (product?.visible) this.#entries.set(id, { doc: product, search: productSearchIndex(product) });
      else this.#entries.delete(id);
      changed = true;
    }
    if (!changed) return;
    this.#sorted.clear();
    this.#pages.clear();
  }

  /** The body of `{ items }`: every category by name, with its product count. */
  categoriesBody(): Prepared {
    return (this.#categoriesBody ??= prepare(JSON.stringify({ items: [...this.#categories.values()].sort(byName) })));
  }

  /** The body of a visible product's public fields; undefined for any other id. */
  productBody(id: string): Prepared | undefined {
    const entry = this.#entries.get(id);
    // Replaced with the entry on a change of the product, so it is made once per change.
    return entry && (entry.body ??= prepare(jsonOf(entry)));
  }

  /**
   * The options of the visible products of a category (null: every category), each with the
   * values a variant has, in the order first met: what the product list offers to filter by.
   */
  optionsOf(category: string | null): Array<{ name: string; values: string[] }> {
    const values = new Map<string, { name: string; values: Set<string> }>();
    for (const { doc } of this.#entries.values()) {
      if (category !== null && doc.categoryId !== category) continue;
      for (const variant of doc.variants)
        variant.optionValues.forEach((value, i) => {
          const name = doc.options[i]?.name ?? '';
          const key = name.toLowerCase();
          if (!values.has(key)) values.set(key, { name, values: new Set() });
          values.get(key)!.values.add(value);
        });
    }
    return [...values.values()].map(({ name, values: found }) => ({ name, values: [...found] }));
  }

  /** The body of `{ items, total }`: the page of visible products the query asks for. */
  listBody(query: ProductQuery): Prepared {
    const key = pageKey(query);
    let body = this.#pages.get(key);
    if (body === undefined) {
      body = prepare(this.#render(query));
      if (this.#pages.size >= PAGE_CACHE_LIMIT) this.#pages.clear();
      this.#pages.set(key, body);
    }
    return body;
  }

  #render(query: ProductQuery): string {
    const { sort, limit, offset } = query;
    const matches = this.#sortedBy(sort ?? 'default').filter(({ doc, search }) => matchesFilter(query, doc, search));
    const items = matches.slice(offset, offset + limit).map(jsonOf);
    return `{"items":[${items.join(',')}],"total":${matches.length}}`;
  }

  #sortedBy(order: keyof typeof ORDERS): Entry[] {
    let sorted = this.#sorted.get(order);
    if (!sorted) {
      const compare = ORDERS[order];
      sorted = [...this.#entries.values()].sort((a, b) => compare(a.doc, b.doc));
      this.#sorted.set(order, sorted);
    }
    return sorted;
  }
}

/** What tells list queries apart in the cache of answered pages. */
const pageKey = (query: ProductQuery): string =>
  JSON.stringify([
    query.category,
    query.q,
    query.sort,
    query.limit,
    query.offset,
    query.seller,
    query.options,
    query.certified,
  ]);

function jsonOf(entry: Entry): string {
  return (entry.json ??= JSON.stringify(publicProduct(entry.doc)));
}

/** How often the index checks that it has seen every committed catalog batch. */
export const RESYNC_CHECK_MS = 5000;

/**
 * The catalog index of an app: loaded on first use, then kept current from the projection's
 * change notices. `get` answers once the notices received before the call are in the index:
 * one that carries only ids is applied after its documents are read, and a query waiting with
 * `?after=` for it must still see its change.
 */
class FollowedIndex extends Reopenable<CatalogIndex> {
  readonly #notices = new WeakMap<CatalogIndex, NoticeDocuments>();

  constructor(stores: { bus: Bus; read: ReadStore }) {
    super(() => openIndex(stores, this));
  }

  override async get(): Promise<CatalogIndex> {
    const index = await super.get();
    if ((await this.#notices.get(index)?.settled()) !== false) return index;
    // A read failed: that index is let go of (`openIndex`), and this loads a fresh one.
    return super.get();
  }

  /** The index when no notice waits for its documents (what `get` would answer at once), for the replayed reads (http/replay-cache.ts). */
  override current(): CatalogIndex | undefined {
    const index = super.current();
    return index && this.#notices.get(index)?.waitingFrom === Number.POSITIVE_INFINITY ? index : undefined;
  }

  /** Called by `openIndex`: the notices the index follows. */
  follows(index: CatalogIndex, notices: NoticeDocuments): void {
    this.#notices.set(index, notices);
  }
}

export function catalogIndex(stores: { bus: Bus; read: ReadStore }): Reopenable<CatalogIndex> {
  return new FollowedIndex(stores);
}

/** Only products and categories matter to the index; other collections' changes are not read. */
function indexedChanges(notice: ChangeNotice): ChangeNotice {
  return { ...notice, changes: notice.changes.filter(({ collection }) => INDEXED.has(collection)) };
}

async function openIndex(
  { bus, read }: { bus: Bus; read: ReadStore },
  followed: FollowedIndex,
): Promise<Opened<CatalogIndex>> {
  const index = new CatalogIndex();
  // A notice that carries its documents is applied as it arrives, within the bus delivery; one
  // with ids once they are read, and those behind it after it (`NoticeDocuments`), so the index
  // takes the batches in the order they were committed. A read that fails means a missed batch:
  // the index is dropped, and the next request loads it afresh.
  let closed = false;
  const notices = new NoticeDocuments(
    read,
    (notice) => index.apply(notice.changes),
    (error) => {
      log.error({ err: error }, 'could not read the documents of a change notice; loading afresh');
      if (!closed) void followed.close();
    },
  );
  followed.follows(index, notices);
  let seen = 0;
  const { loaded: loadedAt, unsubscribe } = await loadAndFollow(
    bus,
    async () => {
      const checkpoint = await read.checkpoint(catalog.name);
      const [visible, categories] = await Promise.all([
        visibleProducts(read),
        read.collection<CategoryDoc>(CATEGORIES).find({}),
      ]);
      index.apply([
        ...visible.map((doc) => ({ collection: PRODUCTS, id: doc.id, doc })),
        ...categories.map((doc) => ({ collection: CATEGORIES, id: doc.id, doc })),
      ]);
      return checkpoint;
    },
    // The load holds at least every batch up to its checkpoint; later ones carry (or are read
    // as) whole documents in log order, so applying one the load already holds changes nothing.
    (checkpoint, notice) => {
      if (notice.projection !== catalog.name) return;
      seen = Math.max(seen, notice.position);
      if (notice.position > checkpoint) notices.take(indexedChanges(notice));
    },
  );
  seen = Math.max(seen, loadedAt);
  // The bus delivers at most once (Redis pub/sub drops what a disconnected subscriber misses):
  // a checkpoint that stays ahead of every notice over two checks means one was lost, and the
  // index is dropped so that the next request loads it afresh.
  let suspect = 0;
  const resync = setInterval(() => {
    void read.checkpoint(catalog.name).then(
      (committed) => {
        if (suspect > seen) void followed.close();
        suspect = committed > seen ? committed : 0;
      },
      () => {},
    );
  }, RESYNC_CHECK_MS);
  resync.unref();
  const close = async () => {
    closed = true;
    clearInterval(resync);
    await unsubscribe();
  };
  return { value: index, close };
}
