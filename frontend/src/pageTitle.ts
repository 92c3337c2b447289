import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useEffect } from 'react';

/** The site's own title, the home page's, in the language on screen (index.html has the English one, for the first paint). */
export const siteTitle = (): string => i18n._(msg`MIBI · Make in India, Buy in India`);

/** The heading of a page still loading, in the language on screen. */
const loadingHeading = (): string => i18n._(msg`Loading...`);

/** The text of the page's main heading, or its `data-title` when the heading says too little ("404"). */
export interface Heading {
  text: string;
  title?: string | null;
}

/**
 * A page's document title: its main heading, then the site's name ("Checkout | MIBI",
 * "Banarasi Silk Saree | MIBI"); the home page, a page still loading, or one without a
 * heading has the site's title.
 */
export function pageTitle(path: string, heading: Heading | null): string {
  const name = (heading?.title || heading?.text || '').replace(/\s+/g, ' ').trim();
  if (path === '/' || name === '' || name === loadingHeading()) return siteTitle();
  return `${name} | MIBI`;
}

/**
 * Keeps the document title to the page shown (App.tsx): its h1 within `#main`, followed as
 * it changes (a product's name arrives with the product), so each route has its own title
 * without a table of routes to keep.
 */
export function usePageTitle(path: string): void {
  useEffect(() => {
    const main = document.getElementById('main');
    if (!main) return;
    const update = () => {
      const h1 = main.querySelector('h1');
      document.title = pageTitle(path, h1 && { text: h1.textContent ?? '', title: h1.dataset.title ?? null });
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(main, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-title'],
    });
    return () => observer.disconnect();
  }, [path]);
}
