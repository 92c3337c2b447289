import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { ROLES } from '../../domain/actor.ts';
import { CONTENT_PATHS } from './links.ts';
import Home from './pages/Home.tsx';

// Every page but Home is its own chunk, fetched on first visit: the first route stays small.
const About = lazy(() => import('./pages/About.tsx'));
const Auth = lazy(() => import('./pages/Auth.tsx'));
const Cart = lazy(() => import('./pages/Cart.tsx'));
const Categories = lazy(() => import('./pages/Categories.tsx'));
const Checkout = lazy(() => import('./pages/Checkout.tsx'));
const ContentPage = lazy(() => import('./pages/ContentPage.tsx'));
const Dashboard = lazy(() => import('./pages/dashboard/Dashboard.tsx'));
const ForgotPassword = lazy(() => import('./pages/ForgotPassword.tsx'));
const NotFound = lazy(() => import('./pages/NotFound.tsx'));
const ProductDetail = lazy(() => import('./pages/ProductDetail.tsx'));
const ProductHistory = lazy(() => import('./pages/dashboard/seller/history/ProductHistoryPage.tsx'));
const Products = lazy(() => import('./pages/Products.tsx'));
const ResetPassword = lazy(() => import('./pages/ResetPassword.tsx'));

/** /dashboard/buyer, /dashboard/seller, /dashboard/admin: one screen, given the role as `role`. */
const DASHBOARD_PATH = new RegExp(`^/dashboard/(?<role>${ROLES.join('|')})/?$`);

/** Every route of the SPA; any other path shows the 404 page. */
export function Routes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path="/" component={Home} />
        <Route path="/about" component={About} />
        <Route path="/auth" component={Auth} />
        <Route path="/cart" component={Cart} />
        <Route path="/categories" component={Categories} />
        <Route path="/checkout" component={Checkout} />
        <Route path={DASHBOARD_PATH} component={Dashboard} />
        <Route path="/dashboard/seller/products/:id/history" component={ProductHistory} />
        <Route path="/forgot-password" component={ForgotPassword} />
        <Route path="/products" component={Products} />
        <Route path="/products/:id" component={ProductDetail} />
        <Route path="/reset-password" component={ResetPassword} />
        {CONTENT_PATHS.map((path) => (
          <Route key={path} path={path}>
            <ContentPage path={path} />
          </Route>
        ))}
        <Route component={NotFound} />
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
