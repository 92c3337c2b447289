/** The admin console's API: every route is for admins only. */
import { guard } from '../../auth/middleware.ts';
import type { AppContext } from '../../roles/context.ts';
import { router } from '../../http/router.ts';
import { adminCategoryRoutes } from './categories.ts';
import { adminCertificateRoutes } from './certificates.ts';
import { adminDeliveryZoneRoutes } from './delivery-zones.ts';
import { adminDisputeRoutes } from './disputes.ts';
import { adminEventRoutes } from './events.ts';
import { adminGstr8Routes } from './gstr8.ts';
import { adminLedgerRoutes } from './ledger.ts';
import { adminOrderRoutes } from './orders.ts';
import { adminOverviewRoutes } from './overview.ts';
import { adminPaymentRoutes } from './payments.ts';
import { adminProductRoutes } from './products.ts';
import { adminSellerRoutes } from './sellers.ts';
import { adminTaxPolicyRoutes } from './tax-policy.ts';
import { adminReferenceRateRoutes } from './reference-rates.ts';
import { adminUserRoutes } from './users.ts';

export const adminRoutes = (ctx: AppContext) =>
  router(guard('admin'))
    .route('/', adminOverviewRoutes(ctx))
    .route('/sellers', adminSellerRoutes(ctx))
    .route('/products', adminProductRoutes(ctx))
    .route('/orders', adminOrderRoutes(ctx))
    .route('/payments', adminPaymentRoutes(ctx))
    .route('/disputes', adminDisputeRoutes(ctx))
    .route('/users', adminUserRoutes(ctx))
    .route('/', adminLedgerRoutes(ctx))
    .route('/gstr8', adminGstr8Routes(ctx))
    .route('/categories', adminCategoryRoutes(ctx))
    .route('/tax-policy', adminTaxPolicyRoutes(ctx))
    .route('/reference-rates', adminReferenceRateRoutes(ctx))
    .route('/delivery-zones', adminDeliveryZoneRoutes(ctx))
    .route('/events', adminEventRoutes(ctx))
    .route('/certificates', adminCertificateRoutes(ctx));
