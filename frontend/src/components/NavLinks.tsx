import { useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { NAV_LINKS } from '../links.ts';

/** Whether `href` is the section being shown: /products is current on /products/123 too. */
function isCurrent(href: string, location: string): boolean {
  return href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`);
}

/** The header's page links, as list items; the current one is marked for screen readers too. */
export function NavLinks({ linkClassName, onNavigate }: { linkClassName: string; onNavigate?: () => void }) {
  const [location] = useLocation();
  const { t } = useLingui();
  return NAV_LINKS.map(({ label, href }) => {
    const current = isCurrent(href, location);
    return (
      <li key={href}>
        <Link
          href={href}
          className={`${linkClassName} ${current ? 'font-semibold' : ''}`}
          aria-current={current ? 'page' : undefined}
          onClick={onNavigate}
        >
          {t(label)}
        </Link>
      </li>
    );
  });
}
