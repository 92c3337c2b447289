import { Link } from 'wouter';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { JoinCta } from '../../components/JoinCta.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { StatsBand } from '../../components/StatsBand.tsx';

const BENEFITS: ReadonlyArray<{ icon: IconName; title: string; text: string }> = [
  {
    icon: 'shieldCheck',
    title: 'Verified Authentic',
    text: 'Every seller and product is checked, so what you buy is genuinely made in India.',
  },
  {
    icon: 'truck',
    title: 'Fast Delivery',
    text: 'Quick shipping across India and worldwide, tracked from the workshop to your door.',
  },
  {
    icon: 'award',
    title: 'Quality Assurance',
    text: 'Listings are reviewed against our quality standards before they go live.',
  },
  {
    icon: 'users',
    title: 'Support Local Sellers',
    text: 'Your purchase goes straight to Indian artisans, weavers and manufacturers.',
  },
];

/** Static showcase tiles (spec section 2): fixed labels, each opening the catalogue at its category (`category`: its id). */
const CATEGORY_TILES: ReadonlyArray<{ icon: IconName; name: string; count: string; category: string }> = [
  { icon: 'shirt', name: 'Textiles & Clothing', count: '2,500+ products', category: 'textiles' },
  { icon: 'amphora', name: 'Handicrafts', count: '1,800+ products', category: 'handicrafts' },
  { icon: 'flame', name: 'Spices & Food', count: '950+ products', category: 'spices' },
  { icon: 'gem', name: 'Jewelry', count: '1,200+ products', category: 'jewelry' },
  { icon: 'lamp', name: 'Home Decor', count: '1,500+ products', category: 'home-decor' },
  { icon: 'leaf', name: 'Ayurveda & Health', count: '800+ products', category: 'ayurveda' },
];

const STATS = [
  { value: '50,000+', label: 'Products' },
  { value: '5,000+', label: 'Verified Sellers' },
  { value: '1M+', label: 'Customers' },
  { value: '25+', label: 'States' },
] as const;

export default function HomePage() {
  return (
    <>
      <PageHero
        title={
          <>
            Make in India, <span className="text-primary">Buy in India</span>
          </>
        }
        text="Discover authentic products from verified Indian artisans and manufacturers, and support local craftsmanship with every purchase."
      >
        <Link href="/products" className="btn btn-primary btn-lg">
          Shop Now
        </Link>
        <Link href="/dashboard/seller" className="btn btn-outline btn-secondary btn-lg">
          Sell on MIBI
        </Link>
      </PageHero>

      <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="benefits-title">
        <h2 id="benefits-title" className="text-center text-3xl font-bold">
          Why shop with MIBI
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ icon, title, text }) => (
            <li key={title} className="card bg-base-200 p-6 text-center">
              <span className="mx-auto grid size-12 place-items-center rounded-full bg-primary text-primary-content">
                <Icon name={icon} className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-base-content/80">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-base-200" aria-labelledby="categories-title">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="categories-title" className="text-center text-3xl font-bold">
            Shop by Category
          </h2>
          <ul className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6">
            {CATEGORY_TILES.map(({ icon, name, count, category }) => (
              <li key={name}>
                <Link
                  href={`/products?category=${category}`}
                  className="card h-full items-center bg-base-100 p-6 text-center shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
                >
                  <span className="grid size-14 place-items-center rounded-full bg-orange-50 text-primary">
                    <Icon name={icon} className="size-7" />
                  </span>
                  <span className="mt-3 font-semibold">{name}</span>
                  <span className="mt-1 text-sm text-base-content/80">{count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <StatsBand title="MIBI in numbers" stats={STATS} />

      <JoinCta
        title="Ready to experience authentic India?"
        text="Join thousands of buyers and sellers who trade genuine Indian-made goods on MIBI."
      />
    </>
  );
}
