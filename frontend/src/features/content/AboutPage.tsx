import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { JoinCta } from '../../components/JoinCta.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { StatsBand } from '../../components/StatsBand.tsx';

const AUDIENCES = [
  {
    title: msg`For sellers`,
    text: msg`Artisans and manufacturers list their products, manage stock and receive orders from buyers across India and abroad, without building a shop of their own.`,
  },
  {
    title: msg`For buyers`,
    text: msg`Buyers browse verified Indian-made goods, keep a cart, pay on delivery and follow every order from their dashboard.`,
  },
  {
    title: msg`For admins`,
    text: msg`Our team verifies sellers and reviews listings for quality, so everything on MIBI is authentic and as described.`,
  },
] as const;

const FEATURES: ReadonlyArray<{ icon: IconName; title: MessageDescriptor; text: MessageDescriptor }> = [
  {
    icon: 'shieldCheck',
    title: msg`Verified Sellers`,
    text: msg`Each seller is checked before their first listing goes live.`,
  },
  {
    icon: 'award',
    title: msg`Quality Checked`,
    text: msg`Listings are reviewed for authenticity, materials and finish.`,
  },
  {
    icon: 'truck',
    title: msg`Reliable Delivery`,
    text: msg`Standard, express and overnight delivery, tracked end to end.`,
  },
  {
    icon: 'users',
    title: msg`Fair to Makers`,
    text: msg`Sellers set their own prices and keep their relationship with buyers.`,
  },
];

const VALUES = [
  { title: msg`Authenticity`, text: msg`Only goods made in India, by the people who say they made them.` },
  { title: msg`Empowerment`, text: msg`A direct route to market for small workshops and rural artisans.` },
  { title: msg`Trust`, text: msg`Clear prices, honest descriptions and reviews from real purchasers.` },
] as const;

const IMPACT = [
  { value: '10,000+', label: msg`Products` },
  { value: '500+', label: msg`Verified Sellers` },
  { value: '50,000+', label: msg`Customers` },
  { value: '28', label: msg`States` },
] as const;

export default function AboutPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHero
        title={t`About MIBI`}
        text={t`Make in India, Buy in India: a marketplace that connects India's artisans and manufacturers with buyers at home and around the world.`}
      />

      <section className="mx-auto grid max-w-7xl gap-10 px-4 py-16 md:grid-cols-2" aria-labelledby="story-title">
        <div>
          <h2 id="story-title" className="text-3xl font-bold">
            <Trans>Our story</Trans>
          </h2>
          <p className="mt-4 text-base-content/80">
            <Trans>
              India makes extraordinary things: handloom textiles, hand-thrown pottery, temple jewellery, spices from
              family estates. Too often the people who make them sell through long chains of middlemen and never meet
              their buyers.
            </Trans>
          </p>
          <p className="mt-4 text-base-content/80">
            <Trans>
              MIBI started in Mumbai to shorten that chain. We give makers a verified storefront and buyers a place
              where every product is genuinely Indian-made.
            </Trans>
          </p>
        </div>
        <div className="card bg-base-200 p-8">
          <h2 className="text-2xl font-bold">
            <Trans>What is MIBI?</Trans>
          </h2>
          <p className="mt-3 text-base-content/80">
            <Trans>An online marketplace for Indian-made goods, with three kinds of members:</Trans>
          </p>
          <dl className="mt-4 space-y-4">
            {AUDIENCES.map(({ title, text }) => (
              <div key={title.id}>
                <dt className="font-semibold text-primary">{t(title)}</dt>
                <dd className="text-sm text-base-content/80">{t(text)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="bg-base-200" aria-labelledby="features-title">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="features-title" className="text-center text-3xl font-bold">
            <Trans>Why MIBI</Trans>
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map(({ icon, title, text }) => (
              <li key={title.id} className="card bg-base-100 p-6 shadow-sm">
                <Icon name={icon} className="size-8 text-primary" />
                <h3 className="mt-4 text-lg font-semibold">{t(title)}</h3>
                <p className="mt-2 text-sm text-base-content/80">{t(text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="values-title">
        <h2 id="values-title" className="text-center text-3xl font-bold">
          <Trans>Our values</Trans>
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {VALUES.map(({ title, text }) => (
            <li key={title.id} className="border-l-4 border-secondary pl-4">
              <h3 className="text-lg font-semibold">{t(title)}</h3>
              <p className="mt-1 text-base-content/80">{t(text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <StatsBand title={t`Our impact`} stats={IMPACT.map(({ value, label }) => ({ value, label: t(label) }))} />

      <JoinCta
        title={t`Be part of the story`}
        text={t`Shop authentic Indian goods, or bring your own craft to buyers everywhere.`}
      />
    </>
  );
}
