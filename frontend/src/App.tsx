import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { Footer } from './components/Footer.tsx';
import { Header } from './components/Header.tsx';
import { Toasts } from './components/Toasts.tsx';
// The shell imports the one piece it shows by path: a feature's index.ts would bring the whole feature into the first route.
import { CartLink } from './features/cart/CartLink.tsx';
import { VerifyEmailBanner } from './components/VerifyEmailBanner.tsx';
import { WishlistLink } from './features/wishlist/WishlistLink.tsx';
import { MessagesLink } from './components/MessagesLink.tsx';
import { usePageTitle } from './pageTitle.ts';
import { Routes } from './routes.tsx';

/** The layout every page shares: header, the route's page, footer, toasts. */
export function App() {
  const [location] = useLocation();
  // A new page starts at its top, as a full page load would. (Braces: scrollTo returns a
  // promise in recent Chromium, and an effect may only return a cleanup function.)
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  usePageTitle(location);

  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="btn btn-primary btn-sm fixed top-2 left-2 z-50 -translate-y-16 focus:translate-y-0">
        <Trans>Skip to content</Trans>
      </a>
      <Header cart={<CartLink />} wishlist={<WishlistLink />} messages={<MessagesLink />} />
      <VerifyEmailBanner />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Routes />
      </main>
      <Footer />
      <Toasts />
    </div>
  );
}
