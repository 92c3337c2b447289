import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { JoinCta } from '../../components/JoinCta.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { StatsBand } from '../../components/StatsBand.tsx';
import { formatNumber } from '../../format.ts';

const BENEFITS: ReadonlyArray<{ icon: IconName; title: MessageDescriptor; text: MessageDescriptor }> = [
  {
    icon: 'shieldCheck',
    title: msg`Verified Authentic`,
    text: msg`Every seller and product is checked, so what you buy is genuinely made in India.`,
  },
  {
    icon: 'truck',
    title: msg`Fast Delivery`,
    text: msg`Quick shipping across India and worldwide, tracked from the workshop to your door.`,
  },
  {
    icon: 'award',
    title: msg`Quality Assurance`,
    text: msg`Listings are reviewed against our quality standards before they go live.`,
  },
  {
    icon: 'users',
    title: msg`Support Local Sellers`,
    text: msg`Your purchase goes straight to Indian artisans, weavers and manufacturers.`,
  },
];

/** Static showcase tiles (spec section 2): fixed labels, each opening the catalogue at its category (`category`: its id). */
const CATEGORY_TILES: ReadonlyArray<{ icon: IconName; name: MessageDescriptor; count: number; category: string }> = [
  { icon: 'shirt', name: msg`Textiles & Clothing`, count: 2500, category: 'textiles' },
  { icon: 'amphora', name: msg`Handicrafts`, count: 1800, category: 'handicrafts' },
  { icon: 'flame', name: msg`Spices & Food`, count: 950, category: 'spices' },
  { icon: 'gem', name: msg`Jewelry`, count: 1200, category: 'jewelry' },
  { icon: 'lamp', name: msg`Home Decor`, count: 1500, category: 'home-decor' },
  { icon: 'leaf', name: msg`Ayurveda & Health`, count: 800, category: 'ayurveda' },
];

const STATS = [
  { value: '50,000+', label: msg`Products` },
  { value: '5,000+', label: msg`Verified Sellers` },
  { value: '1M+', label: msg`Customers` },
  { value: '25+', label: msg`States` },
] as const;

export default function HomePage() {
  const { t } = useLingui();
  return (
    <>
      <PageHero
        title={
          <Trans>
            Make in India, <span className="text-primary">Buy in India</span>
          </Trans>
        }
        text={t`Discover authentic products from verified Indian artisans and manufacturers, and support local craftsmanship with every purchase.`}
      >
        <Link href="/products" className="btn btn-primary btn-lg">
          <Trans>Shop Now</Trans>
        </Link>
        <Link href="/dashboard/seller" className="btn btn-outline btn-secondary btn-lg">
          <Trans>Sell on MIBI</Trans>
        </Link>
      </PageHero>

      <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="benefits-title">
        <h2 id="benefits-title" className="text-center text-3xl font-bold">
          <Trans>Why shop with MIBI</Trans>
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ icon, title, text }) => (
            <li key={icon} className="card bg-base-200 p-6 text-center">
              <span className="mx-auto grid size-12 place-items-center rounded-full bg-primary text-primary-content">
                <Icon name={icon} className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{t(title)}</h3>
              <p className="mt-2 text-sm text-base-content/80">{t(text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-base-200" aria-labelledby="categories-title">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="categories-title" className="text-center text-3xl font-bold">
            <Trans>Shop by Category</Trans>
          </h2>
          <ul className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6">
            {CATEGORY_TILES.map(({ icon, name, count, category }) => (
              <li key={category}>
                <Link
                  href={`/products?category=${category}`}
                  className="card h-full items-center bg-base-100 p-6 text-center shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
                >
                  <span className="grid size-14 place-items-center rounded-full bg-orange-50 text-primary">
                    <Icon name={icon} className="size-7" />
                  </span>
                  <span className="mt-3 font-semibold">{t(name)}</span>
                  <span className="mt-1 text-sm text-base-content/80">
                    <ProductsCount count={count} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <StatsBand title={t`MIBI in numbers`} stats={STATS.map(({ value, label }) => ({ value, label: t(label) }))} />

      <JoinCta
        title={t`Ready to experience authentic India?`}
        text={t`Join thousands of buyers and sellers who trade genuine Indian-made goods on MIBI.`}
      />
    </>
  );
}

/** A tile's "2,500+ products", the number grouped the Indian way in the language on screen. */
function ProductsCount({ count }: { count: number }) {
  const shown = formatNumber(count);
  return <Trans>{shown}+ products</Trans>;
}
