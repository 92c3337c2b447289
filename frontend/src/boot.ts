/**
 * The page's one script (index.html): the styles, then the SPA (main.tsx). A page drawn on the
 * server (api/http/page-render.ts) is left to show first: the SPA is fetched and run once the
 * page and the pictures it fetches at once (its LCP) are on screen, so a slow phone spends its
 * first seconds on what it shows, not on the script that takes it over. An empty page (drawn
 * here) starts the SPA at once; the server preloads its files for it (api/http/static-assets.ts).
 */
import './styles.css';

/** Once the next frame is drawn: a task queued in a frame's callback runs after that frame. */
const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done)));

/** Once the browser has reported the page's first paint with content: it reports it once that is on screen. */
const contentfulPaint = () =>
  new Promise<void>((done) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return done();
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        done();
      }
    }).observe({ type: 'paint', buffered: true });
  });

/** The longest the SPA waits for the page: a picture that never comes would leave the page inert. */
const SHOWN_LIMIT_MS = 3000;

/** The page drawn on the server is on screen, with the pictures it fetches at once and its fonts, or has waited long enough. */
async function shown(): Promise<void> {
  const eager = [...document.querySelectorAll<HTMLImageElement>('#root img:not([loading=lazy])')];
  await Promise.race([
    Promise.all([contentfulPaint(), document.fonts.ready, ...eager.map((img) => img.decode().catch(() => undefined))]),
    new Promise((done) => setTimeout(done, SHOWN_LIMIT_MS)),
  ]);
  // The frame with the last of them drawn, then the next: by then the first is on screen, not just drawn.
  await frame();
  await frame();
}

// No top-level await: the SPA's files import the preload helper from this one, which must have run by then.
void (document.getElementById('root')?.firstChild ? shown() : Promise.resolve()).then(() => import('./main.tsx'));
