import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';

/** The closing call to action of Home and About: Start Shopping and Become a Seller. */
export function JoinCta({ title, text }: { title: string; text: string }) {
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 text-center">
      <h2 className="text-3xl font-bold">{title}</h2>
      <p className="mx-auto mt-3 max-w-2xl text-base-content/80">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href="/products" className="btn btn-primary btn-lg">
          <Trans>Start Shopping</Trans>
        </Link>
        <Link href="/dashboard/seller" className="btn btn-outline btn-secondary btn-lg">
          <Trans>Become a Seller</Trans>
        </Link>
      </div>
    </section>
  );
}
