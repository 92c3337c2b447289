import { Link } from 'wouter';

export default function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-7xl font-extrabold text-primary" data-title="Page not found">
        404
      </h1>
      <p className="mt-4 text-2xl font-semibold">Oops! Page not found</p>
      <Link href="/" className="btn btn-primary mt-8">
        Return to Home
      </Link>
    </section>
  );
}
