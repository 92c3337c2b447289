import { useLingui } from '@lingui/react/macro';
import { type ComponentType, createContext, lazy, Suspense, useContext, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import HomePage from './features/catalog/HomePage.tsx';
import { CONTENT_PATHS } from './links.ts';
import type { PanelRole } from './state/session.ts';
import { allCatalogs } from './i18n/i18n.ts';

type PageModule<P> = () => Promise<{ default: ComponentType<P> }>;

/** A page's chunk, shown once it and every catalog of the language on screen are in. */
const page = <P = {}>(load: PageModule<P>) => lazy(async () => (await Promise.all([load(), allCatalogs()]))[0]);

/** A page of the shop, whose texts are all in the catalogs loaded at start (i18n/start-catalogs.ts): shown as soon as its chunk is in. */
const shopPage = <P = {}>(load: PageModule<P>) => lazy(load);

/**
 * The pages by path. Every page but Home is its own chunk, fetched on first visit: the first
 * route stays small. Pages are the one kind of feature file imported from outside the
 * feature, and only here.
 */
const PAGES: Record<string, ComponentType> = {
  '/': HomePage,
  '/about': page(() => import('./features/content/AboutPage.tsx')),
  '/account': page(() => import('./features/auth/AccountPage.tsx')),
  '/analyst': page(() => import('./features/analyst/AnalystPage.tsx')),
  '/auth': page(() => import('./features/auth/AuthPage.tsx')),
  '/cart': shopPage(() => import('./features/cart/CartPage.tsx')),
  '/categories': page(() => import('./features/categories/CategoriesPage.tsx')),
  '/checkout': page(() => import('./features/checkout/CheckoutPage.tsx')),
  '/dashboard/seller/catalog': page(() => import('./features/seller/catalog/CatalogImportPage.tsx')),
  '/dashboard/seller/products/:id/history': page(() => import('./features/seller/history/ProductHistoryPage.tsx')),
  '/messages': page(() => import('./features/messages/MessagesPage.tsx')),
  '/messages/:id': page(() => import('./features/messages/ThreadPage.tsx')),
  '/forgot-password': page(() => import('./features/auth/ForgotPasswordPage.tsx')),
  '/products': shopPage(() => import('./features/catalog/ProductsPage.tsx')),
  '/products/:id': shopPage(() => import('./features/product/ProductDetailPage.tsx')),
  '/provenance/:code': page(() => import('./features/provenance/ProvenancePage.tsx')),
  '/reset-password': page(() => import('./features/auth/ResetPasswordPage.tsx')),
  '/seller/certificates': page(() => import('./features/seller/provenance/CertificatesPage.tsx')),
  '/seller/makers': page(() => import('./features/seller/provenance/MakersPage.tsx')),
  '/sellers/:id': page(() => import('./features/storefront/StorefrontPage.tsx')),
  '/streams': page(() => import('./features/streams/StreamsPage.tsx')),
  '/streams/:position': page(() => import('./features/streams/StreamPage.tsx')),
  '/verify-email': page(() => import('./features/auth/VerifyEmailPage.tsx')),
  '/wishlist': page(() => import('./features/wishlist/WishlistPage.tsx')),
  // A footer page whose text states the returns policy in force.
  '/returns': page(() => import('./features/content/ReturnsPage.tsx')),
  '/track': page(() => import('./features/shipments/TrackPage.tsx')),
};
const ContentPage = page(() => import('./features/content/ContentPage.tsx'));
const DashboardPage = page(() => import('./features/dashboard/DashboardPage.tsx'));
const NotFoundPage = page(() => import('./features/content/NotFoundPage.tsx'));

/** The dashboard's panel of each role, a chunk of its own: the page shows the one of its route. */
const DASHBOARD_PANELS: Record<PanelRole, ComponentType> = {
  buyer: page(() => import('./features/dashboard/BuyerPanel.tsx')),
  seller: page(() => import('./features/seller/SellerPanel.tsx')),
  admin: page(() => import('./features/admin/AdminPanel.tsx')),
};

/** /dashboard/buyer, /dashboard/seller, /dashboard/admin: one screen, given the role as `role`. */
const DASHBOARD_PATH = new RegExp(`^/dashboard/(?<role>${Object.keys(DASHBOARD_PANELS).join('|')})/?$`);

const PageShownContext = createContext<() => void>(() => {});

/**
 * What is told once the route's page is on screen and React's (main.tsx lifts the `inert` of a
 * page drawn on the server with it). From inside the pages' Suspense boundary: React takes a
 * drawn page's frame over while the page's chunk is still coming, and the page itself only once
 * it is in; a click on it before then would be lost.
 */
export const PageShownProvider = PageShownContext.Provider;

function PageShown() {
  const shown = useContext(PageShownContext);
  useEffect(() => shown(), [shown]);
  return null;
}

/** Every route of the SPA; any other path shows the 404 page. */
export function Routes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <PageShown />
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
  const { t } = useLingui();
  return (
    <div className="grid min-h-screen place-items-center" aria-busy="true" aria-label={t`Loading page`}>
      <span className="loading loading-spinner loading-lg text-primary" />
    </div>
  );
}
