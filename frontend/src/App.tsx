import { Link, Route, Switch } from 'wouter';

/** The shell: header, routes, footer. Screens arrive with the SPA issue. */
export function App() {
  return (
    <div className="flex min-h-screen flex-col bg-base-100">
      <header className="navbar border-b border-base-300 px-4">
        <Link href="/" className="text-xl font-bold text-orange-600">
          MIBI
        </Link>
        <span className="ml-3 text-sm text-base-content/70">Make in India, Buy in India</span>
      </header>
      <main className="flex-1 p-6">
        <Switch>
          <Route path="/">
            <h1 className="text-3xl font-bold">Authentic Indian Products</h1>
            <p className="mt-2 text-base-content/70">From verified artisans and manufacturers across India.</p>
          </Route>
          <Route>
            <NotFound />
          </Route>
        </Switch>
      </main>
      <footer className="footer footer-center p-4 text-sm text-base-content/70">© 2024 MIBI. All rights reserved.</footer>
    </div>
  );
}

function NotFound() {
  return (
    <div className="py-24 text-center">
      <h1 className="text-6xl font-bold">404</h1>
      <p className="mt-4 text-xl">Oops! Page not found</p>
      <Link href="/" className="link link-primary mt-6 inline-block">
        Return to Home
      </Link>
    </div>
  );
}
