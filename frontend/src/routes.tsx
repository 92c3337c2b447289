import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { ROLES, type Role } from '../../domain/actor.ts';
import HomePage from './features/catalog/HomePage.tsx';
import { CONTENT_PATHS } from './links.ts';

// Every page but Home is its own chunk, fetched on first visit: the first route stays small.
// Pages are the one kind of feature file imported from outside the feature, and only here.
const AboutPage = lazy(() => import('./features/content/AboutPage.tsx'));
const AccountPage = lazy(() => import('./features/auth/AccountPage.tsx'));
const AuthPage = lazy(() => import('./features/auth/AuthPage.tsx'));
const CartPage = lazy(() => import('./features/cart/CartPage.tsx'));
const CategoriesPage = lazy(() => import('./features/catalog/CategoriesPage.tsx'));
const CheckoutPage = lazy(() => import('./features/checkout/CheckoutPage.tsx'));
const ContentPage = lazy(() => import('./features/content/ContentPage.tsx'));
const DashboardPage = lazy(() => import('./features/dashboard/DashboardPage.tsx'));
const ForgotPasswordPage = lazy(() => import('./features/auth/ForgotPasswordPage.tsx'));
const NotFoundPage = lazy(() => import('./features/content/NotFoundPage.tsx'));
const ProductDetailPage = lazy(() => import('./features/product/ProductDetailPage.tsx'));
const ProductHistoryPage = lazy(() => import('./features/seller/history/ProductHistoryPage.tsx'));
const ProductsPage = lazy(() => import('./features/catalog/ProductsPage.tsx'));
const ResetPasswordPage = lazy(() => import('./features/auth/ResetPasswordPage.tsx'));
const ReturnsPage = lazy(() => import('./features/content/ReturnsPage.tsx'));
const StorefrontPage = lazy(() => import('./features/catalog/StorefrontPage.tsx'));
const VerifyEmailPage = lazy(() => import('./features/auth/VerifyEmailPage.tsx'));
const WishlistPage = lazy(() => import('./features/wishlist/WishlistPage.tsx'));

/** The dashboard's panel of each role, a chunk of its own: the page shows the one of its route. */
const DASHBOARD_PANELS: Record<Role, ComponentType> = {
  buyer: lazy(() => import('./features/dashboard/BuyerPanel.tsx')),
  seller: lazy(() => import('./features/seller/SellerPanel.tsx')),
  admin: lazy(() => import('./features/admin/AdminPanel.tsx')),
};

/** /dashboard/buyer, /dashboard/seller, /dashboard/admin: one screen, given the role as `role`. */
const DASHBOARD_PATH = new RegExp(`^/dashboard/(?<role>${ROLES.join('|')})/?$`);

/** Every route of the SPA; any other path shows the 404 page. */
export function Routes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/about" component={AboutPage} />
        <Route path="/account" component={AccountPage} />
        <Route path="/auth" component={AuthPage} />
        <Route path="/cart" component={CartPage} />
        <Route path="/categories" component={CategoriesPage} />
        <Route path="/checkout" component={CheckoutPage} />
        <Route path={DASHBOARD_PATH}>
          <DashboardPage panels={DASHBOARD_PANELS} />
        </Route>
        <Route path="/dashboard/seller/products/:id/history" component={ProductHistoryPage} />
        <Route path="/forgot-password" component={ForgotPasswordPage} />
        <Route path="/products" component={ProductsPage} />
        <Route path="/products/:id" component={ProductDetailPage} />
        <Route path="/reset-password" component={ResetPasswordPage} />
        <Route path="/sellers/:id" component={StorefrontPage} />
        <Route path="/verify-email" component={VerifyEmailPage} />
        <Route path="/wishlist" component={WishlistPage} />
        {/* A footer page whose text states the returns policy in force. */}
        <Route path="/returns" component={ReturnsPage} />
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
