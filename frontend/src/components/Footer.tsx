import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { CONTACT, FOOTER_COLUMNS, SOCIAL_LINKS } from '../links.ts';
import { Icon } from './Icon.tsx';

export function Footer() {
  const { t } = useLingui();
  return (
    <footer className="border-t border-base-300 bg-base-200">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-12 md:grid-cols-3 lg:grid-cols-6">
        <div className="col-span-2 md:col-span-3 lg:col-span-1">
          <p className="text-2xl font-extrabold text-primary" translate="no">
            MIBI
          </p>
          <p className="mt-2 text-sm text-base-content/80">
            <Trans>Make in India, Buy in India. Authentic goods from verified Indian artisans and manufacturers.</Trans>
          </p>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <a href={`mailto:${CONTACT.email}`} className="link-hover inline-flex items-center gap-2">
                <Icon name="mail" className="size-4" /> <span translate="no">{CONTACT.email}</span>
              </a>
            </li>
            <li>
              <a
                href={`tel:${CONTACT.phone.replaceAll(' ', '')}`}
                className="link-hover inline-flex items-center gap-2"
              >
                <Icon name="phone" className="size-4" /> {CONTACT.phone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Icon name="mapPin" className="size-4" /> {CONTACT.location}
            </li>
          </ul>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.links[0].href} aria-label={t(column.title)}>
            <h2 className="mb-3 font-semibold">{t(column.title)}</h2>
            <ul className="space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} className="link-hover text-base-content/80">
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-base-300">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-4 text-sm sm:flex-row">
          <p className="text-base-content/80">
            <Trans>© 2024 MIBI. All rights reserved.</Trans>
          </p>
          <ul className="flex gap-1">
            {SOCIAL_LINKS.map((social) => {
              const socialName = social.label;
              return (
                <li key={social.label}>
                  <a
                    href={social.href}
                    className="btn btn-ghost btn-sm btn-square"
                    aria-label={t`MIBI on ${socialName}`}
                    rel="noopener noreferrer"
                  >
                    <Icon name={social.icon} className="size-4" />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </footer>
  );
}
