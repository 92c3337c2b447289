/** The help requests' live events: a request's change to its buyer and its seller, and to the admins once it is with MIBI. */
import { ADMINS, type LiveChange, liveEvent, liveSlice } from '../live.ts';
import type { HelpRequestDoc } from './documents.ts';
import { HELP_REQUESTS } from './projection.ts';

export const helpRequestsLive = liveSlice({
  collection: HELP_REQUESTS,
  events: {
    'help.changed': liveEvent<HelpRequestDoc>('buyer', 'the help request'),
    'seller-help.changed': liveEvent<HelpRequestDoc>('seller', 'the help request'),
    'dispute.changed': liveEvent<HelpRequestDoc>('admin', 'a help request taken to MIBI'),
  },
  messages: ({ doc }: LiveChange<HelpRequestDoc>) =>
    doc
      ? [
          { event: 'help.changed' as const, data: doc, audience: doc.buyerId },
          { event: 'seller-help.changed' as const, data: doc, audience: doc.sellerId },
          ...(doc.escalatedAt ? [{ event: 'dispute.changed' as const, data: doc, audience: ADMINS }] : []),
        ]
      : [],
});
