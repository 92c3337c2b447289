/** The storefronts read model's live events: an open storefront to everyone, a hidden one as gone. */
import { type LiveChange, liveEvent, liveSlice } from '../live.ts';
import { isOpen, type PublicStorefront, publicStorefront, type StorefrontDoc } from './documents.ts';
import { STOREFRONTS } from './projection.ts';

/** Only sellers have storefronts, so this tells of no buyer; a hidden one is told as gone, without its words. */
export const storefrontsLive = liveSlice({
  collection: STOREFRONTS,
  events: {
    'storefront.changed': liveEvent<PublicStorefront>(null, 'the storefront, as GET /api/sellers/{id} gives it'),
    /** The storefront's seller was suspended or lost the role: buyers no longer see it. */
    'storefront.removed': liveEvent<{ id: string }>(null, '`{ id }`: its seller was suspended or lost the role'),
  },
  messages: ({ id, doc }: LiveChange<StorefrontDoc>) => {
    if (doc === null) return [];
    return isOpen(doc)
      ? [{ event: 'storefront.changed', data: publicStorefront(doc), audience: null }]
      : [{ event: 'storefront.removed', data: { id }, audience: null }];
  },
});
