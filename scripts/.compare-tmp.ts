// Alternates Lighthouse runs (mobile preset) between two servers: before (HEAD) and after (working tree).
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
const [before, after, rounds] = [process.argv[2]!, process.argv[3]!, Number(process.argv[4] ?? 3)];
const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const id = async (base: string) => ((await (await fetch(`${base}/api/products`)).json()) as any).items[0].id;
const pages = [['/', '/', '/'], ['/products', '/products', '/products'], ['/products/{id}', `/products/${await id(before)}`, `/products/${await id(after)}`]];
const rows: any[] = [];
for (const [name, pb, pa] of pages) {
  for (let i = 0; i < rounds; i++) {
    for (const [which, url] of [['before', before + pb], ['after', after + pa]]) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] });
        const lhr = r!.lhr;
        if (lhr.runtimeError) { console.log('retry', lhr.runtimeError.code); continue; }
        const a = lhr.audits;
        const row = { page: name, which, bi: Math.round(lhr.environment.benchmarkIndex), perf: lhr.categories.performance!.score, lcp: Math.round(a['largest-contentful-paint']!.numericValue!), fcp: Math.round(a['first-contentful-paint']!.numericValue!), tbt: Math.round(a['total-blocking-time']!.numericValue!), cls: a['cumulative-layout-shift']!.numericValue, a11y: lhr.categories.accessibility!.score, bp: lhr.categories['best-practices']!.score };
        console.log(JSON.stringify(row));
        rows.push(row);
        break;
      }
    }
  }
}
chrome.kill();
const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
console.log('| page | | performance | LCP s | FCP s | TBT ms | CLS | a11y | BP | CPU index |');
for (const [name] of pages) for (const which of ['before', 'after']) {
  const rs = rows.filter((r) => r.page === name && r.which === which);
  console.log(`| ${name} | ${which} | ${median(rs.map((r) => r.perf))} | ${(median(rs.map((r) => r.lcp))! / 1000).toFixed(2)} | ${(median(rs.map((r) => r.fcp))! / 1000).toFixed(2)} | ${median(rs.map((r) => r.tbt))} | ${median(rs.map((r) => r.cls))} | ${median(rs.map((r) => r.a11y))} | ${median(rs.map((r) => r.bp))} | ${median(rs.map((r) => r.bi))} |`);
}
