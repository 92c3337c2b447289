/**
 * The texts of a page that no catalog gave (issue 30): in the pseudo-locale every catalog text
 * is accented and bracketed (lingui.config.ts), so visible English letters outside those are a
 * hard-coded string. What people wrote (product names, reviews, messages) is marked `dir="auto"`,
 * names and codes never translated `translate="no"`: both are left out, as are formatted dates and
 * what a `<time>` shows.
 */
import type { Page } from '@playwright/test';

/** Runs in the page: each visible text node under `root` with plain English letters and nothing a pseudo-locale makes. */
function findUntranslated(root: string): string[] {
  const PSEUDO = /[\u00C0-\u024F\u1E00-\u1EFF\u27E6\u27E7]/;
  const WORDS = /[A-Za-z]{2,}/;
  // "5 Mar 2025", "5 Mar 2025, 4:30 pm": dates as Intl writes them for en-IN (format.ts).
  const DATE = /^\d{1,2} [A-Z][a-z]{2,3},? \d{4}(, \d{1,2}:\d{2}\s?[ap]m)?$/;
  const found: string[] = [];
  const scope = document.querySelector(root);
  if (!scope) return [`(no ${root} on the page)`];
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    const element = node.parentElement;
    if (!element || !WORDS.test(text) || PSEUDO.test(text) || DATE.test(text)) continue;
    // A <time> holds what Intl formats in the page's locale ("5 Mar 2025", "2 minutes ago"), not a catalog's text.
    if (element.closest('script, style, noscript, time, [dir="auto"], [translate="no"], [aria-hidden="true"]'))
      continue;
    if (!element.checkVisibility()) continue;
    found.push(text);
  }
  return found;
}

/** The hard-coded texts in `root` of `page` as it shows now (it must be in the pseudo-locale). */
export const untranslatedOn = (page: Page, root = 'body'): Promise<string[]> => page.evaluate(findUntranslated, root);
