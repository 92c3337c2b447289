import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import HomePage from './features/catalog/HomePage.tsx';
import { CONTENT_PATHS } from './links.ts';
import type { PanelRole } from './state/session.ts';

/**
 * The pages by path. Every page but Home is its own chunk, fetched on first visit: the first
 * route stays small. Pages are the one kind of feature file imported from outside the
 * feature, and only here.
 */
const PAGES: Record<string, ComponentType> = {
  '/': HomePage,
  '/about': lazy(() => import('./features/content/AboutPage.tsx')),
  '/account': lazy(() => import('./features/auth/AccountPage.tsx')),
  '/analyst': lazy(() => import('./features/analyst/AnalystPage.tsx')),
  '/auth': lazy(() => import('./features/auth/AuthPage.tsx')),
  '/cart': lazy(() => import('./features/cart/CartPage.tsx')),
  '/categories': lazy(() => import('./features/catalog/CategoriesPage.tsx')),
  '/checkout': lazy(() => import('./features/checkout/CheckoutPage.tsx')),
  '/dashboard/seller/catalog': lazy(() => import('./features/seller/catalog/CatalogImportPage.tsx')),
  '/dashboard/seller/products/:id/history': lazy(() => import('./features/seller/history/ProductHistoryPage.tsx')),
  '/messages': lazy(() => import('./features/messages/MessagesPage.tsx')),
  '/messages/:id': lazy(() => import('./features/messages/ThreadPage.tsx')),
  '/forgot-password': lazy(() => import('./features/auth/ForgotPasswordPage.tsx')),
  '/products': lazy(() => import('./features/catalog/ProductsPage.tsx')),
  '/products/:id': lazy(() => import('./features/product/ProductDetailPage.tsx')),
  '/provenance/:code': lazy(() => import('./features/provenance/ProvenancePage.tsx')),
  '/reset-password': lazy(() => import('./features/auth/ResetPasswordPage.tsx')),
  '/seller/certificates': lazy(() => import('./features/provenance/CertificatesPage.tsx')),
  '/seller/makers': lazy(() => import('./features/provenance/MakersPage.tsx')),
  '/sellers/:id': lazy(() => import('./features/catalog/StorefrontPage.tsx')),
  '/streams': lazy(() => import('./features/streams/StreamsPage.tsx')),
  '/streams/:position': lazy(() => import('./features/streams/StreamPage.tsx')),
  '/verify-email': lazy(() => import('./features/auth/VerifyEmailPage.tsx')),
  '/wishlist': lazy(() => import('./features/wishlist/WishlistPage.tsx')),
  // A footer page whose text states the returns policy in force.
  '/returns': lazy(() => import('./features/content/ReturnsPage.tsx')),
  '/track': lazy(() => import('./features/shipments/TrackPage.tsx')),
};
const ContentPage = lazy(() => import('./features/content/ContentPage.tsx'));
const DashboardPage = lazy(() => import('./features/dashboard/DashboardPage.tsx'));
const NotFoundPage = lazy(() => import('./features/content/NotFoundPage.tsx'));

/** The dashboard's panel of each role, a chunk of its own: the page shows the one of its route. */
const DASHBOARD_PANELS: Record<PanelRole, ComponentType> = {
  buyer: lazy(() => import('./features/dashboard/BuyerPanel.tsx')),
  seller: lazy(() => import('./features/seller/SellerPanel.tsx')),
  admin: lazy(() => import('./features/admin/AdminPanel.tsx')),
};

/** /dashboard/buyer, /dashboard/seller, /dashboard/admin: one screen, given the role as `role`. */
const DASHBOARD_PATH = new RegExp(`^/dashboard/(?<role>${Object.keys(DASHBOARD_PANELS).join('|')})/?$`);

/** Every route of the SPA; any other path shows the 404 page. */
export function Routes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path={DASHBOARD_PATH}>
          <DashboardPage panels={DASHBOARD_PANELS} />
        </Route>
        {Object.entries(PAGES).map(([path, page]) => (
          <Route key={path} path={path} component={page} />
        ))}
        {CONTENT_PATHS.map((path) => (
          <Route key={path} path={path}>
            <ContentPage path={path} />
          </Route>
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

/** While a page's chunk loads: a screen tall, so the footer stays out of view instead of jumping down. */
function PageLoading() {
  return (
    <div className="grid min-h-screen place-items-center" aria-busy="true" aria-label="Loading page">
      <span className="loading loading-spinner loading-lg text-primary" />
    </div>
  );
}
