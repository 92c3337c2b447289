import { Icon, type IconName } from '../../components/Icon.tsx';
import { JoinCta } from '../../components/JoinCta.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { StatsBand } from '../../components/StatsBand.tsx';

const AUDIENCES = [
  {
    title: 'For sellers',
    text: 'Artisans and manufacturers list their products, manage stock and receive orders from buyers across India and abroad, without building a shop of their own.',
  },
  {
    title: 'For buyers',
    text: 'Buyers browse verified Indian-made goods, keep a cart, pay on delivery and follow every order from their dashboard.',
  },
  {
    title: 'For admins',
    text: 'Our team verifies sellers and reviews listings for quality, so everything on MIBI is authentic and as described.',
  },
] as const;

const FEATURES: ReadonlyArray<{ icon: IconName; title: string; text: string }> = [
  {
    icon: 'shieldCheck',
    title: 'Verified Sellers',
    text: 'Each seller is checked before their first listing goes live.',
  },
  { icon: 'award', title: 'Quality Checked', text: 'Listings are reviewed for authenticity, materials and finish.' },
  { icon: 'truck', title: 'Reliable Delivery', text: 'Standard, express and overnight delivery, tracked end to end.' },
  {
    icon: 'users',
    title: 'Fair to Makers',
    text: 'Sellers set their own prices and keep their relationship with buyers.',
  },
];

const VALUES = [
  { title: 'Authenticity', text: 'Only goods made in India, by the people who say they made them.' },
  { title: 'Empowerment', text: 'A direct route to market for small workshops and rural artisans.' },
  { title: 'Trust', text: 'Clear prices, honest descriptions and reviews from real purchasers.' },
] as const;

const IMPACT = [
  { value: '10,000+', label: 'Products' },
  { value: '500+', label: 'Verified Sellers' },
  { value: '50,000+', label: 'Customers' },
  { value: '28', label: 'States' },
] as const;

export default function AboutPage() {
  return (
    <>
      <PageHero
        title="About MIBI"
        text="Make in India, Buy in India: a marketplace that connects India's artisans and manufacturers with buyers at home and around the world."
      />

      <section className="mx-auto grid max-w-7xl gap-10 px-4 py-16 md:grid-cols-2" aria-labelledby="story-title">
        <div>
          <h2 id="story-title" className="text-3xl font-bold">
            Our story
          </h2>
          <p className="mt-4 text-base-content/80">
            India makes extraordinary things: handloom textiles, hand-thrown pottery, temple jewellery, spices from
            family estates. Too often the people who make them sell through long chains of middlemen and never meet
            their buyers.
          </p>
          <p className="mt-4 text-base-content/80">
            MIBI started in Mumbai to shorten that chain. We give makers a verified storefront and buyers a place where
            every product is genuinely Indian-made.
          </p>
        </div>
        <div className="card bg-base-200 p-8">
          <h2 className="text-2xl font-bold">What is MIBI?</h2>
          <p className="mt-3 text-base-content/80">
            An online marketplace for Indian-made goods, with three kinds of members:
          </p>
          <dl className="mt-4 space-y-4">
            {AUDIENCES.map(({ title, text }) => (
              <div key={title}>
                <dt className="font-semibold text-primary">{title}</dt>
                <dd className="text-sm text-base-content/80">{text}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="bg-base-200" aria-labelledby="features-title">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="features-title" className="text-center text-3xl font-bold">
            Why MIBI
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map(({ icon, title, text }) => (
              <li key={title} className="card bg-base-100 p-6 shadow-sm">
                <Icon name={icon} className="size-8 text-primary" />
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-base-content/80">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="values-title">
        <h2 id="values-title" className="text-center text-3xl font-bold">
          Our values
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {VALUES.map(({ title, text }) => (
            <li key={title} className="border-l-4 border-secondary pl-4">
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="mt-1 text-base-content/80">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <StatsBand title="Our impact" stats={IMPACT} />

      <JoinCta
        title="Be part of the story"
        text="Shop authentic Indian goods, or bring your own craft to buyers everywhere."
      />
    </>
  );
}
