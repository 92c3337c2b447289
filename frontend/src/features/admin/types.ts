/** The admin console's shapes, as the API answers them (money in paise: show it with `formatPrice`). */
import type { Data, server } from '../../api/client.ts';

/** GET /admin/overview: what awaits the admins, orders per status, and recent sales (UTC days). */
export type AdminOverview = Data<typeof server.admin.overview.$get>;

/** GET /analytics/admin: the marketplace's sales of a range of days, per day, category and seller. */
export type AdminAnalytics = Data<typeof server.analytics.admin.$get>;
/** Sales of a day, a category or a seller: revenue, units and orders (cancelled orders not counted). */
export type SalesTally = AdminAnalytics['totals'];

/** GET /admin/sellers: a page of sellers with their standing, the admins' decisions and their products. */
export type AdminSellerPage = Data<typeof server.admin.sellers.$get>;
export type AdminSeller = AdminSellerPage['items'][number];
/** An admin's decision on a seller: verified, suspended, reinstated. */
export type SellerAction = AdminSeller['history'][number]['action'];

/** GET /admin/products/review-queue: a page of products waiting for review, with their seller's standing. */
export type ReviewQueuePage = Data<(typeof server.admin.products)['review-queue']['$get']>;
export type AdminProduct = ReviewQueuePage['items'][number];

/** GET /products: a page of the catalog as buyers see it, to feature from. */
export type CatalogPage = Data<typeof server.products.$get>;
export type CatalogProduct = CatalogPage['items'][number];

/** GET /admin/orders: a page of every order, filtered. */
export type AdminOrderPage = Data<typeof server.admin.orders.$get>;
export type AdminOrder = AdminOrderPage['items'][number];

/** GET /admin/users: a page of users, newest first. */
export type AdminUserPage = Data<typeof server.admin.users.$get>;
export type AdminUser = AdminUserPage['items'][number];
/** POST /admin/users/{id}/roles, DELETE /admin/users/{id}/roles/{role}: the user's roles after the change. */
export type RolesResult = Data<(typeof server.admin.users)[':id']['roles']['$post']>;

/** GET /admin/balances: a page of what MIBI owes each seller with a ledger, the largest first. */
export type BalancePage = Data<typeof server.admin.balances.$get>;
export type SellerBalance = BalancePage['items'][number];

/** GET /admin/categories: every category's commission and return policy, with the history of changes. */
export type CategoryPolicies = Data<typeof server.admin.categories.$get>;
export type CategoryPolicy = CategoryPolicies['items'][number];
export type PolicyChange = CategoryPolicy['history'][number];
