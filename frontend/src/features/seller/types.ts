/** The seller dashboard's shapes, as the API answers them (money in paise: show it with `formatPrice`). */
import type { Data, server } from '../../api/client.ts';

/** GET /seller/products: the seller's products, newest first, with the dashboard figures. */
export type SellerProducts = Data<typeof server.seller.products.$get>;
export type SellerProduct = SellerProducts['items'][number];

/** GET /notifications: newest first, and how many are unread in all. */
export type NotificationList = Data<typeof server.notifications.$get>;
/** A seller's notice of a new order; the data of the live `notification.added` and `notification.read`. */
export type SellerNotification = NotificationList['items'][number];

/** GET /seller/payout-account: where the seller's online earnings settle (null until set up), and its versions. */
export type PayoutAccount = Data<(typeof server.seller)['payout-account']['$get']>;

/** GET /analytics/seller: the seller's sales of a range of UTC days. */
export type SellerSales = Data<typeof server.analytics.seller.$get>;

/** The history routes of a product (api/routes/history.ts), for its seller and the admins. */
type HistoryRoutes = (typeof server.seller.products)[':id'];

/** GET /seller/products/{id}/history: every event of the product and its reviews, oldest first. */
export type ProductHistory = Data<HistoryRoutes['history']['$get']>;
/** One event, in plain words: its position names the moment for as-of and restore. */
export type HistoryEntry = ProductHistory['items'][number];
/** One field of an edit or of a stock move, its values written for people. */
export type FieldChange = NonNullable<HistoryEntry['changes']>[number];

/** GET /seller/products/{id}/history/as-of: the product rebuilt from its events up to a moment. */
export type ProductVersion = Data<HistoryRoutes['history']['as-of']['$get']>;

/** POST /seller/products/{id}/history/restore: the fields brought back (none when nothing differed) and the toast to show. */
export type RestoreResult = Data<HistoryRoutes['history']['restore']['$post']>;

/** GET /seller/products/{id}/as-ordered/{orderId}: the line and the whole product as the buyer saw it. */
export type ProductAsOrdered = Data<HistoryRoutes['as-ordered'][':orderId']['$get']>;

/** GET /seller/ledger: the seller's balance (what MIBI owes them) and a page of their ledger lines, newest first. */
export type SellerLedger = Data<typeof server.seller.ledger.$get>;

/** GET /sellers/{id}: the seller's own storefront, as buyers see it (with its status and version). */
export type SellerStorefront = Data<(typeof server.sellers)[':id']['$get']>;

/** The tax profile routes of a seller (api/routes/tax-profiles.ts), for the seller and the admins. */
type TaxProfileRoutes = (typeof server.sellers)[':id']['tax-profile'];

/** GET /sellers/{id}/tax-profile: the profile (null until set) and how many versions it had. */
export type SellerTaxProfile = Data<TaxProfileRoutes['$get']>;
export type TaxProfile = NonNullable<SellerTaxProfile['taxProfile']>;
