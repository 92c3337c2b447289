import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { type ApiError, call, server } from '../../api/client.ts';
import { useLiveEvent } from '../../state/live.ts';
import { usePrefetched } from '../../state/prefetched.ts';
import { toast } from '../../state/toasts.ts';
import type { Product } from './types.ts';

/** The address GET /products/{id} is asked at, as the server prefetches it (api/http/page-hints.ts). */
const productAddress = (id: string) => `/api/products/${encodeURIComponent(id)}`;

/**
 * One product (GET /products/{id}), its price and stock kept current by the live feed.
 * `product` is null once a 404 or a failure (with the spec's toast) answered.
 */
export function useProduct(id: string) {
  const { t } = useLingui();
  const prefetched = usePrefetched();
  // A page the server rendered starts from the answer it was rendered with (see prefetched.ts).
  const [loaded, setLoaded] = useState<{ id: string; product: Product | null } | null>(() => {
    const product = prefetched.get(productAddress(id)) as Product | undefined;
    return product ? { id, product } : null;
  });

  useEffect(() => {
    // The prefetched answer is shown: used once, so a later visit or a reload asks afresh.
    if (prefetched.delete(productAddress(id)) && loaded?.id === id) return;
    let active = true;
    call(server.products[':id'].$get({ param: { id: encodeURIComponent(id) } })).then(
      (product) => active && setLoaded({ id, product }),
      (error: ApiError) => {
        if (!active) return;
        setLoaded({ id, product: null });
        if (error.status !== 404)
          toast({ title: t`Error`, description: t`Failed to load product details`, tone: 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, [id]);

  const current = loaded?.id === id ? loaded : null;
  useLiveEvent('product.changed', (product) => {
    if (product.id === id && current?.product) setLoaded({ id, product });
  });

  return { product: current?.product ?? null, loading: !current };
}
