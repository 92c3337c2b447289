import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { apiReferenceRoutes } from './http/api-reference.ts';
import { apiDocument } from './openapi-document.ts';
import { accessLog } from './http/access-log.ts';
import { sameOriginMiddleware, sessionMiddleware } from './auth/middleware.ts';
import { apiCacheControl } from './http/cache-control.ts';
import { compressJson } from './http/compress-json.ts';
import { IMAGE_TOO_LARGE } from '../domain/product/image.ts';
import type { AppContext } from './roles/context.ts';
import { ApiError, errorBody, handleError } from './http/errors.ts';
import { healthRoutes } from './routes/health.ts';
import { serveMedia } from './http/media.ts';
import { imageOrigin, securityHeaders } from './http/security-headers.ts';
import { pageHints } from './http/page-hints.ts';
import { builtRenderer, pageRender } from './http/page-render.ts';
import { readYourWrites } from './http/read-your-writes.ts';
import { requestId } from './http/request-id.ts';
import { spaAppFiles, spaLanguageFiles, spaModules } from './http/spa-manifest.ts';
import { serveSpa } from './http/static-assets.ts';
import type { AppEnv } from './http/router.ts';
import { authRoutes } from './routes/auth.ts';
import { accountSecurityRoutes } from './routes/account-security.ts';
import { addressRoutes } from './routes/addresses.ts';
import { deliveryEstimateRoutes } from './routes/delivery-estimates.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { analystRoutes } from './routes/analyst.ts';
import { cartRoutes } from './routes/cart.ts';
import { categoryRoutes } from './routes/categories.ts';
import { taxRateRoutes } from './routes/tax-rates.ts';
import { referenceRateRoutes } from './routes/reference-rates.ts';
import { devRoutes, devRoutesOn } from './routes/dev.ts';
import { exportRoutes } from './routes/export.ts';
import { historyRoutes } from './routes/history.ts';
import { ledgerRoutes } from './routes/ledger.ts';
import { payoutAccountRoutes } from './routes/payout-account.ts';
import { taxReportRoutes } from './routes/tax-report.ts';
import { liveRoutes } from './routes/live.ts';
import { mailChoiceRoutes } from './routes/mail-choices.ts';
import { displayCurrencyRoutes } from './routes/display-currency.ts';
import { languageRoutes } from './routes/language.ts';
import { answerInLanguage } from './http/language.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { orderNotificationRoutes } from './routes/order-notifications.ts';
import { orderRoutes } from './routes/orders.ts';
import { PAYMENT_RETURN_PATH, orderPaymentRoutes, paymentRoutes } from './routes/payments.ts';
import { sellerOrderShipmentRoutes, shipmentRoutes } from './routes/shipments.ts';
import { productRoutes } from './routes/products.ts';
import { returnPolicyRoutes } from './routes/returns-policy.ts';
import { reviewRoutes } from './routes/reviews.ts';
import { sellerRoutes } from './routes/seller.ts';
import { productTranslationRoutes } from './routes/product-translations.ts';
import { sellerOrderRoutes } from './routes/seller-orders.ts';
import { commissionInvoiceRoutes } from './routes/commission-invoices.ts';
import { deliveryInvoiceRoutes } from './routes/delivery-invoices.ts';
import { invoiceRoutes } from './routes/invoices.ts';
import { storefrontRoutes } from './routes/storefronts.ts';
import { streamRoutes } from './routes/streams.ts';
import { taxProfileRoutes } from './routes/tax-profiles.ts';
import { UPLOAD_BODY_LIMIT, uploadRoutes } from './routes/uploads.ts';
import { catalogImportRoutes } from './routes/catalog-import.ts';
import { CATALOG_FILE_ERRORS, MAX_CATALOG_FILE_BYTES } from './catalog-import/file.ts';
import { wishlistRoutes } from './routes/wishlist.ts';
import { threadRoutes } from './routes/threads.ts';
import { helpRequestRoutes } from './routes/help-requests.ts';
import { sellerProvenanceRoutes } from './routes/seller-provenance.ts';
import { provenanceRoutes } from './routes/provenance.ts';
import { EVIDENCE_TOO_LARGE, MAX_EVIDENCE_BYTES } from './commands/provenance.ts';
import { checkoutOrigin } from '../platform/payments/open.ts';
import { english } from '../domain/i18n/message.ts';

/** JSON bodies of every route but uploads. */
export const JSON_BODY_LIMIT = 64 * 1024;
/** Where other sites' forms post by design, the session untouched (sameOriginMiddleware): the payment gateway's return. */
const CROSS_SITE_FORMS = [PAYMENT_RETURN_PATH];

const tooLarge = () => {
  throw new ApiError(413, 'payload_too_large', /*i18n*/ 'The request body is too large');
};

/** A conversation's image uploads, limited as /api/uploads. */
const THREAD_IMAGES = /^\/api\/threads\/[^/]+\/images$/;

/** The multipart framing around a file. */
const FRAMING = 64 * 1024;

/** A body limit of `maxSize` bytes, refused with `message`. */
const limitOf = (maxSize: number, message: string) => ({
  maxSize,
  check: bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, 'file_too_large', message);
    },
  }),
});

function limitBodies(): MiddlewareHandler {
  const json = { maxSize: JSON_BODY_LIMIT, check: bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: tooLarge }) };
  // The routes that take a file, and theirs.
  const files: Record<string, ReturnType<typeof limitOf>> = {
    '/api/uploads': limitOf(UPLOAD_BODY_LIMIT, IMAGE_TOO_LARGE.description),
    '/api/seller/catalog/imports': limitOf(MAX_CATALOG_FILE_BYTES + FRAMING, CATALOG_FILE_ERRORS.tooLarge),
    '/api/seller/evidence': limitOf(MAX_EVIDENCE_BYTES + FRAMING, EVIDENCE_TOO_LARGE),
  };
  const fileLimit = (path: string) => files[path] ?? (THREAD_IMAGES.test(path) ? files['/api/uploads'] : undefined);
  return (c, next) => {
    // Reading a GET's body would make the node adapter build a full Request on the hot path.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const limit = fileLimit(c.req.path) ?? json;
    // So would bodyLimit's first look at the body: a declared length is judged from the header
    // alone, which is all bodyLimit does with it; only a chunked body is counted as it streams.
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return limit.check(c, next);
    return Number(length) > limit.maxSize ? limit.check(c, next) : next();
  };
}

/** The whole HTTP surface: JSON API under /api, images under /media, the SPA for every other path. */
export function createApp(ctx: AppContext, options: { spaRoot?: string } = {}) {
  const app = new OpenAPIHono<AppEnv>();
  app.onError(handleError);
  app.use(
    '*',
    requestId(),
    accessLog(),
    securityHeaders(ctx.config, {
      imageOrigin: imageOrigin(ctx.platform.blobs.publicUrl('any.png')),
      checkoutOrigin: checkoutOrigin(ctx.config),
    }),
  );
  app.use(
    '/api/*',
    apiCacheControl(),
    compressJson(),
    answerInLanguage(),
    limitBodies(),
    sessionMiddleware(ctx),
    sameOriginMiddleware(CROSS_SITE_FORMS),
    readYourWrites(ctx.progress),
  );

  const api = app
    .route('/api/health', healthRoutes(ctx))
    .route('/api/auth', authRoutes(ctx))
    .route('/api/auth', accountSecurityRoutes(ctx))
    .route('/api/auth', mailChoiceRoutes(ctx))
    .route('/api/auth', displayCurrencyRoutes(ctx))
    .route('/api/auth', languageRoutes(ctx))
    .route('/api/categories', categoryRoutes(ctx))
    .route('/api/tax-rates', taxRateRoutes(ctx))
    .route('/api/reference-rates', referenceRateRoutes(ctx))
    .route('/api/products', productRoutes(ctx))
    .route('/api/products', reviewRoutes(ctx))
    .route('/api/seller', sellerRoutes(ctx))
    .route('/api/seller', productTranslationRoutes(ctx))
    .route('/api/seller/products', historyRoutes(ctx))
    .route('/api/seller/ledger', ledgerRoutes(ctx))
    .route('/api/seller/payout-account', payoutAccountRoutes(ctx))
    .route('/api/seller/tax-report', taxReportRoutes(ctx))
    .route('/api/seller/catalog', catalogImportRoutes(ctx))
    .route('/api/seller', sellerProvenanceRoutes(ctx))
    .route('/api/provenance', provenanceRoutes(ctx))
    .route('/api/sellers', storefrontRoutes(ctx))
    .route('/api/sellers', taxProfileRoutes(ctx))
    .route('/api/uploads', uploadRoutes(ctx))
    .route('/api/cart', cartRoutes(ctx))
    .route('/api/addresses', addressRoutes(ctx))
    .route('/api/delivery-estimates', deliveryEstimateRoutes(ctx))
    .route('/api/wishlist', wishlistRoutes(ctx))
    // Before the orders' own routes: /api/orders/{id} would take "notifications" for an id.
    .route('/api/orders/notifications', orderNotificationRoutes(ctx))
    .route('/api/orders', orderRoutes(ctx))
    .route('/api/orders', orderPaymentRoutes(ctx))
    .route('/api/payments', paymentRoutes(ctx))
    .route('/api/seller-orders', sellerOrderRoutes(ctx))
    .route('/api/seller-orders', sellerOrderShipmentRoutes(ctx))
    .route('/api/shipments', shipmentRoutes(ctx))
    .route('/api/invoices', invoiceRoutes(ctx))
    .route('/api/commission-invoices', commissionInvoiceRoutes(ctx))
    .route('/api/delivery-invoices', deliveryInvoiceRoutes(ctx))
    .route('/api/returns', returnPolicyRoutes(ctx))
    .route('/api/notifications', notificationRoutes(ctx))
    .route('/api/threads', threadRoutes(ctx))
    .route('/api/help-requests', helpRequestRoutes(ctx))
    .route('/api/analytics', analyticsRoutes(ctx))
    .route('/api/admin', adminRoutes(ctx))
    .route('/api/admin/export', exportRoutes(ctx))
    .route('/api/analyst', analystRoutes(ctx))
    .route('/api/streams', streamRoutes(ctx))
    .route('/api/live', liveRoutes(ctx));
  if (devRoutesOn(ctx)) app.route('/api/dev', devRoutes(ctx));

  app.get('/api/openapi.json', (c) => c.json(apiDocument(app)));
  app.route('/api/docs', apiReferenceRoutes(options));
  app.get('/media/*', serveMedia(ctx.platform.blobs));
  app.all('/api/*', (c) =>
    c.json(
      errorBody(
        'not_found',
        english(/*i18n*/ 'No route for {method} {path}', { method: c.req.method, path: c.req.path }),
      ),
      404,
    ),
  );

  if (options.spaRoot)
    app.get(
      '*',
      serveSpa(
        options.spaRoot,
        pageHints(ctx.catalog, spaModules(options.spaRoot)),
        spaLanguageFiles(options.spaRoot),
        pageRender(builtRenderer(options.spaRoot), ctx.catalog),
        spaAppFiles(options.spaRoot),
      ),
    );
  app.notFound((c) => c.json(errorBody('not_found', /*i18n*/ 'Not found'), 404));
  return api;
}

export type App = ReturnType<typeof createApp>;
/** The events of GET /api/live and their data, for the SPA's typed client. */
export type { LiveEventData } from './live/messages.ts';
