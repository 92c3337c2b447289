import { admin } from './admin/projection.ts';
import { buyerNotifications } from './buyer-notifications/projection.ts';
import { catalog } from './catalog/projection.ts';
import { catalogImports } from './catalog-imports/projection.ts';
import { helpRequests } from './help-requests/projection.ts';
import { invoices } from './invoices/projection.ts';
import { ledger } from './ledger/projection.ts';
import { logStats } from './log-stats.ts';
import { notifications } from './notifications/projection.ts';
import { orders } from './orders/projection.ts';
import { payments } from './payments/projection.ts';
import type { Projection } from '../platform/projection/projection.ts';
import { provenance } from './provenance/projection.ts';
import { referenceRates } from './reference-rates/projection.ts';
import { reviews } from './reviews/projection.ts';
import { sales } from './sales/projection.ts';
import { storefronts } from './storefronts/projection.ts';
import { streamBrowser } from './stream-browser/projection.ts';
import { taxPolicy } from './tax-policy/projection.ts';
import { threads } from './threads/projection.ts';
import { users } from './users/projection.ts';
import { wishlists } from './wishlists/projection.ts';

/** Every projection the runner keeps up to date. */
export const projections: Projection[] = [
  logStats,
  streamBrowser,
  users,
  catalog,
  orders,
  reviews,
  notifications,
  sales,
  admin,
  ledger,
  wishlists,
  buyerNotifications,
  storefronts,
  payments,
  invoices,
  taxPolicy,
  catalogImports,
  threads,
  helpRequests,
  provenance,
  referenceRates,
];

/** The lease of the projections runner: one `projections` process at a time follows the log for every read model. */
export const PROJECTIONS_LEASE = 'projections';
