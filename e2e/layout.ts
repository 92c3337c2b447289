/**
 * What a phone screen must not do, checked on the page as it is laid out: push an element past
 * the viewport's edges (read only by scrolling the page or a strip sideways), or cut a text
 * (clipped, ellipsis, line clamp) with no way to read it whole (a `title` on it or around it).
 */
import { type Page, expect } from '@playwright/test';

export interface LayoutProblem {
  problem: 'past the edge' | 'text cut' | 'label wraps';
  /** A short path to the element: tag, id or classes, and its text. */
  element: string;
}

/** Every element of the page shown now that breaks the phone layout (none on a sound screen). */
export function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: Array<{ problem: 'past the edge' | 'text cut' | 'label wraps'; element: string }> = [];
    const describe = (element: Element) => {
      const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/).slice(0, 4) : [];
      const name = element.id ? `#${element.id}` : classes.length ? `.${classes.join('.')}` : '';
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `${element.tagName.toLowerCase()}${name}${text ? ` "${text}"` : ''}`;
    };
    const shown = (element: Element) =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true });
    /** Screen-reader-only text (Tailwind's `sr-only`) and all inside it: clipped to nothing on purpose. */
    const offscreenOnPurpose = (element: Element): boolean => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const box = at.getBoundingClientRect();
        if (getComputedStyle(at).clip === 'rect(0px, 0px, 0px, 0px)' || (box.width <= 1 && box.height <= 1))
          return true;
      }
      return false;
    };
    /** Who can read a cut text whole: a `title` on the element or an ancestor (a tooltip, read aloud too). */
    const readableWhole = (element: Element) => element.closest('[title]') !== null;
    const clips = (value: string) => value !== 'visible';

    for (const element of document.body.querySelectorAll('*')) {
      if (!shown(element) || offscreenOnPurpose(element)) continue;
      if (element.closest('svg') && element.tagName.toLowerCase() !== 'svg') continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Past the edge: beyond the viewport, whether the page or a strip of it scrolls to show it.
      if (box.right > width + 0.5 || box.left < -0.5) {
        // Report the outermost such element only, not every descendant that goes with it.
        const parent = element.parentElement?.getBoundingClientRect();
        if (!parent || (parent.right <= width + 0.5 && parent.left >= -0.5) || element.parentElement === document.body)
          problems.push({ problem: 'past the edge', element: describe(element) });
      }
      const style = getComputedStyle(element);
      const hasText = [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent!.trim() !== '');
      if (!hasText && !(clips(style.overflowX) || clips(style.overflowY))) continue;
      const cutAcross = clips(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
      const cutDown = style.overflowY !== 'visible' && style.overflowY !== 'auto' && style.overflowY !== 'scroll';
      const cutBelow = cutDown && element.scrollHeight > element.clientHeight + 1;
      if ((cutAcross || cutBelow) && (element.textContent ?? '').trim() !== '' && !readableWhole(element)) {
        // Only text that really lies outside the box counts (not an image's cover crop).
        const inner = element.getBoundingClientRect();
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        let cut = false;
        for (let node = walker.nextNode(); node && !cut; node = walker.nextNode()) {
          if (!node.textContent?.trim() || !node.parentElement || !shown(node.parentElement)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects())
            if (
              rect.width > 0 &&
              (rect.right > inner.right + 1 ||
                rect.left < inner.left - 1 ||
                (cutBelow && rect.bottom > inner.bottom + 1) ||
                rect.top < inner.top - 1)
            )
              cut = true;
        }
        if (cut || (style.textOverflow === 'ellipsis' && cutAcross))
          problems.push({ problem: 'text cut', element: describe(element) });
      }
      // A button's short label on two lines reads as two buttons (the menu's Sign Out did).
      if (hasText && element.closest('button, .btn, [role="tab"]')) {
        const tops: number[] = [];
        for (const node of element.childNodes) {
          if (node.nodeType !== 3 || !node.textContent!.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) if (rect.width > 0) tops.push(rect.top);
        }
        const label = (element.textContent ?? '').trim();
        const fontSize = Number.parseFloat(style.fontSize);
        if (Math.max(...tops) - Math.min(...tops) > fontSize / 2 && label.split(/\s+/).length <= 3)
          problems.push({ problem: 'label wraps', element: describe(element) });
      }
    }
    // Something wider than the screen that no element above accounts for (a margin, a pseudo-element).
    if (document.documentElement.scrollWidth > width && !problems.some((p) => p.problem === 'past the edge'))
      problems.push({ problem: 'past the edge', element: 'html (the page scrolls sideways)' });
    return problems;
  });
}

/** Fails the test (going on, so one run names every screen's offenders) unless the screen shown now keeps to the phone's width and shows every text whole. */
export async function expectFitsPhone(page: Page, screen: string): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect.soft(await layoutProblems(page), `${screen} at ${page.viewportSize()?.width}px`).toEqual([]);
}
