import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

export default function NotFoundPage() {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-7xl font-extrabold text-primary" data-title={t`Page not found`}>
        404
      </h1>
      <p className="mt-4 text-2xl font-semibold">
        <Trans>Oops! Page not found</Trans>
      </p>
      <Link href="/" className="btn btn-primary mt-8">
        <Trans>Return to Home</Trans>
      </Link>
    </section>
  );
}
