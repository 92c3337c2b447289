import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { type ApiError, call, server } from '../../api/client.ts';
import { useLiveEvent } from '../../state/live.ts';
import { toast } from '../../state/toasts.ts';
import type { Storefront } from '../catalog/types.ts';

/** What the storefront page shows: the storefront, or why not (no such seller; hidden, its seller suspended; not loaded). */
export type StorefrontView =
  | { state: 'loading' }
  | { state: 'shown'; storefront: Storefront }
  | { state: 'missing' }
  | { state: 'closed' }
  | { state: 'failed' };

/**
 * GET /sellers/{id}, kept current by the live feed: a `storefront.changed` of this seller
 * replaces it; a `storefront.removed` (suspended, or no longer selling) and a `reset` load it
 * again, so a buyer then sees it closed while its seller and the admins still see it.
 */
export function useStorefront(sellerId: string) {
  const [loaded, setLoaded] = useState<{ sellerId: string; view: StorefrontView } | null>(null);
  /** Bumped to load again. */
  const [generation, setGeneration] = useState(0);
  const show = (view: StorefrontView) => setLoaded({ sellerId, view });

  useEffect(() => {
    let active = true;
    call(server.sellers[':id'].$get({ param: { id: encodeURIComponent(sellerId) } })).then(
      (storefront) => active && show({ state: 'shown', storefront }),
      (error: ApiError) => {
        if (!active) return;
        if (error.status === 404)
          return show({ state: error.code === 'storefront_unavailable' ? 'closed' : 'missing' });
        show({ state: 'failed' });
        toast({ title: i18n._(msg`Error loading the storefront`), description: error.message, tone: 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, [sellerId, generation]);

  const reload = () => setGeneration((count) => count + 1);
  useLiveEvent('storefront.changed', (storefront) => {
    if (storefront.id === sellerId) show({ state: 'shown', storefront });
  });
  useLiveEvent('storefront.removed', ({ id }) => {
    if (id === sellerId) reload();
  });
  useLiveEvent('reset', reload);

  return { view: loaded?.sellerId === sellerId ? loaded.view : ({ state: 'loading' } as const), retry: reload };
}
