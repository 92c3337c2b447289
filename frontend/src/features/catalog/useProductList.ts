import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { type ApiError, call, queryOf, server } from '../../api/client.ts';
import { usePrefetched } from '../../state/prefetched.ts';
import { useLiveEvent } from '../../state/live.ts';
import { toast } from '../../state/toasts.ts';
import { type ProductFilters, matches } from './filters.ts';
import type { Product } from './types.ts';

/** Products per page: fills rows of 2, 4 or 5 columns. api/http/page-hints.ts preloads /products' first page by this query. */
const PAGE_SIZE = 20;
/** The API's largest page: a refetch reloads at most this many. */
const MAX_LIMIT = 100;

interface Loaded {
  /** The filters (as a query key) these products are for. */
  key: string;
  items: Product[];
  total: number;
  failed: boolean;
}

/** GET /products's query for a page of the products matching `filters` (an empty search left out), in the order it is sent. */
const pageQuery = (
  { q, category, sort, seller, options, certified }: ProductFilters,
  offset: number,
  limit: number,
) => ({
  category,
  sort,
  seller,
  limit,
  offset,
  q: q || undefined,
  option: options.length > 0 ? options : undefined,
  certified: certified ?? undefined,
});

/** GET /products: a page of the products matching `filters`. */
const loadPage = (filters: ProductFilters, offset: number, limit: number) =>
  call(server.products.$get({ query: pageQuery(filters, offset, limit) }));

type Page = Awaited<ReturnType<typeof loadPage>>;

/**
 * The address of the first page, as the server prefetches it (api/http/page-hints.ts names it
 * the same way); none with option values, which repeat a parameter.
 */
export function firstPageAddress(filters: ProductFilters): string | null {
  const { option, ...query } = pageQuery(filters, 0, PAGE_SIZE);
  return option ? null : `/api/products${queryOf(query)}`;
}

const loadFailed = (error: ApiError) =>
  toast({ title: i18n._(msg`Error loading products`), description: error.message, tone: 'error' });

/**
 * The products matching `filters`, a page at a time, kept current by the live feed: a new
 * product that matches is prepended (with the spec's notice), a changed one replaced, a
 * removed one dropped; after a `reset` the shown pages are loaded again.
 */
export function useProductList(filters: ProductFilters) {
  const key = JSON.stringify(filters);
  const prefetched = usePrefetched();
  const address = firstPageAddress(filters);
  // A page the server rendered starts from the answer it was rendered with (see prefetched.ts).
  const [loaded, setLoaded] = useState<Loaded | null>(() => {
    const page = address ? (prefetched.get(address) as Page | undefined) : undefined;
    return page ? { key, items: page.items, total: page.total, failed: false } : null;
  });
  const [loadingMore, setLoadingMore] = useState(false);
  /** Bumped to load again: a retry, or a live reset. */
  const [generation, setGeneration] = useState(0);

  const current = loaded?.key === key ? loaded : null;
  const shownCount = current?.items.length ?? 0;

  useEffect(() => {
    // The prefetched answer is shown: used once, so a later visit or a reload asks afresh.
    if (address && prefetched.delete(address) && loaded?.key === key) return;
    let active = true;
    // A reload keeps as many products as were shown, so the page does not shrink under the reader.
    const limit = Math.min(Math.max(PAGE_SIZE, shownCount), MAX_LIMIT);
    loadPage(filters, 0, limit).then(
      ({ items, total }) => active && setLoaded({ key, items, total, failed: false }),
      (error: ApiError) => {
        if (!active) return;
        setLoaded({ key, items: [], total: 0, failed: true });
        loadFailed(error);
      },
    );
    return () => {
      active = false;
    };
    // `key` stands for `filters`; `shownCount` only sizes a reload.
  }, [key, generation]);

  async function loadMore() {
    if (!current) return;
    setLoadingMore(true);
    try {
      const page = await loadPage(filters, current.items.length, PAGE_SIZE);
      setLoaded((latest) => {
        if (latest?.key !== key) return latest;
        // Products listed meanwhile shift the pages: skip any already shown.
        const shown = new Set(latest.items.map((product) => product.id));
        return {
          ...latest,
          items: [...latest.items, ...page.items.filter((product) => !shown.has(product.id))],
          total: page.total,
        };
      });
    } catch (error) {
      loadFailed(error as ApiError);
    } finally {
      setLoadingMore(false);
    }
  }

  const edit = (change: (shown: Loaded) => Loaded) =>
    setLoaded((latest) => (latest?.key === key ? change(latest) : latest));
  const without = (shown: Loaded, id: string): Loaded => ({
    ...shown,
    items: shown.items.filter((product) => product.id !== id),
    total: shown.total - 1,
  });
  const isShown = (id: string) => current?.items.some((product) => product.id === id) ?? false;

  useLiveEvent('product.added', (product) => {
    if (!current || !matches(product, filters) || isShown(product.id)) return;
    edit((shown) => ({ ...shown, items: [product, ...shown.items], total: shown.total + 1 }));
    const name = product.name;
    toast({
      title: i18n._(msg`New product available!`),
      description: i18n._(msg`${name} is now available`),
      tone: 'info',
    });
  });
  useLiveEvent('product.changed', (product) => {
    if (!isShown(product.id)) return;
    if (!matches(product, filters)) edit((shown) => without(shown, product.id));
    else edit((shown) => ({ ...shown, items: shown.items.map((item) => (item.id === product.id ? product : item)) }));
  });
  useLiveEvent('product.removed', ({ id }) => {
    if (isShown(id)) edit((shown) => without(shown, id));
  });
  useLiveEvent('reset', () => setGeneration((count) => count + 1));

  return {
    products: current?.items ?? [],
    total: current?.total ?? 0,
    loading: !current,
    failed: current?.failed ?? false,
    hasMore: current !== null && current.items.length < current.total,
    loadingMore,
    loadMore,
    retry: () => {
      setLoaded(null);
      setGeneration((count) => count + 1);
    },
  };
}
