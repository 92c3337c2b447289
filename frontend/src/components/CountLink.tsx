import { Link } from 'wouter';
import { Icon, type IconName } from './Icon.tsx';

/** The header's sizes: the link, where its badge sits, and the largest count written out. */
const SIZES = {
  md: { link: 'btn btn-ghost btn-square relative', badge: '-top-0.5 -right-0.5 min-w-5', most: 99 },
  sm: { link: 'btn btn-ghost btn-square btn-sm relative', badge: '-top-1 -right-1 min-w-4', most: 9 },
} as const;

interface CountLinkProps {
  href: string;
  icon: IconName;
  /** The link's name: 'Cart'. */
  name: string;
  count: number;
  /** The name with the count, for screen readers while there is one: "Cart, 3 items" (a Lingui plural). */
  counted: string;
  size?: keyof typeof SIZES;
  title?: string;
}

/** An icon link of the header with a count as a badge (the cart's units, the wishlist's unread updates). */
export function CountLink({ href, icon, name, count, counted, size = 'md', title }: CountLinkProps) {
  const { link, badge, most } = SIZES[size];
  return (
    <Link href={href} className={link} aria-label={count > 0 ? counted : name} title={title}>
      <Icon name={icon} />
      {/* Positioned over the icon, so showing it moves nothing. */}
      {count > 0 && (
        <span className={`badge badge-primary badge-xs absolute ${badge} px-1 font-semibold`} aria-hidden="true">
          {count > most ? `${most}+` : count}
        </span>
      )}
    </Link>
  );
}
