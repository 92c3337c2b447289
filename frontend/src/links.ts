/** The site map: header and footer links, and the contact details (placeholder data, spec section 2). */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const NAV_LINKS = [
  { label: msg`Home`, href: '/' },
  { label: msg`Products`, href: '/products' },
  { label: msg`Categories`, href: '/categories' },
  { label: msg`About`, href: '/about' },
] as const;

/** Every footer link opens a content page (features/content/ContentPage.tsx); its text is in features/content/texts.ts. */
export const FOOTER_COLUMNS = [
  {
    title: msg`About MIBI`,
    links: [
      { label: msg`Our Mission`, href: '/mission' },
      { label: msg`Made in India`, href: '/made-in-india' },
      { label: msg`Quality Assurance`, href: '/quality' },
    ],
  },
  {
    title: msg`For Buyers`,
    links: [
      { label: msg`How to Order`, href: '/how-to-order' },
      { label: msg`Returns & Refunds`, href: '/returns' },
      { label: msg`Track Your Order`, href: '/track' },
    ],
  },
  {
    title: msg`For Sellers`,
    links: [
      { label: msg`Sell on MIBI`, href: '/sell' },
      { label: msg`Seller Guidelines`, href: '/seller-guidelines' },
      { label: msg`Verification Process`, href: '/verification' },
      { label: msg`Seller Support`, href: '/seller-support' },
    ],
  },
  {
    title: msg`Support`,
    links: [
      { label: msg`Help Center`, href: '/help' },
      { label: msg`Contact Us`, href: '/contact' },
      { label: msg`FAQ`, href: '/faq' },
    ],
  },
  {
    title: msg`Legal`,
    links: [
      { label: msg`Privacy Policy`, href: '/privacy' },
      { label: msg`Terms of Service`, href: '/terms' },
      { label: msg`Cookie Policy`, href: '/cookies' },
    ],
  },
] as const;

export type ContentPath = (typeof FOOTER_COLUMNS)[number]['links'][number]['href'];

export const CONTENT_PATHS: readonly ContentPath[] = FOOTER_COLUMNS.flatMap((column) =>
  column.links.map((link) => link.href),
);

const LOCATION = msg`Mumbai, Maharashtra, India`;

export const CONTACT = {
  email: 'support@mibi.example',
  phone: '+91 22 4000 1234',
  /** In the language on screen (read at render: the SPA remounts on a switch). */
  get location(): string {
    return i18n._(LOCATION);
  },
} as const;

export const SOCIAL_LINKS = [
  { label: 'Facebook', href: 'https://www.facebook.com/', icon: 'facebook' },
  { label: 'Instagram', href: 'https://www.instagram.com/', icon: 'instagram' },
  { label: 'X (Twitter)', href: 'https://x.com/', icon: 'twitter' },
  { label: 'YouTube', href: 'https://www.youtube.com/', icon: 'youtube' },
] as const;

/** The login page, coming back to `path` (a page of this site) once signed in. */
export const loginHref = (path: string): string => `/auth?${new URLSearchParams({ next: path })}`;

/** Where a sign-in goes on to: the login page's `next` when it is a page of this site, else home. */
export function afterSignIn(search: string): string {
  const next = new URLSearchParams(search).get('next');
  // A path of this site only: '//host' and '/\host' are other sites to a browser.
  return next && /^\/(?![/\\])/.test(next) ? next : '/';
}

/** A seller's storefront (features/storefront/StorefrontPage.tsx). */
export const storefrontPath = (sellerId: string): string => `/sellers/${encodeURIComponent(sellerId)}`;

/** A product's page (features/product/ProductDetailPage.tsx). */
/** A product's page; with a variant other than the default one, that variant chosen (`?variant=`). */
export const productPath = (productId: string, variantId = 'default'): string =>
  `/products/${encodeURIComponent(productId)}${variantId === 'default' ? '' : `?variant=${encodeURIComponent(variantId)}`}`;
