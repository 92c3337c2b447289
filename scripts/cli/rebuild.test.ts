import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markThreadRead, postMessage } from '../../api/commands/conversations.ts';
import { setTaxPolicy } from '../../api/commands/tax-policy.ts';
import type { SellerOrderDoc } from '../../projections/orders/documents.ts';
import { SELLER_ORDERS } from '../../projections/orders/projection.ts';
import { listProduct } from '../../api/routes/catalog.fixtures.ts';
import { type TestApi, startTestApi } from '../../api/testing/harness.ts';
import { indianDate } from '../../domain/tax/rates.ts';
import { catalog, PRODUCTS } from '../../projections/catalog/projection.ts';
import type { ProductDoc } from '../../projections/catalog/documents.ts';
import { marketplace } from './marketplace.fixtures.ts';
import { UsageError } from './command.ts';
import { mibi, mibiWithEnv } from './mibi.fixtures.ts';
import { rebuildCommand } from './rebuild.ts';

/** The documents line of a collection in the summary, e.g. "products 2". */
const countOf = (stdout: string, collection: string) =>
  new RegExp(`^  ${collection} +(\\S+)  documents$`, 'm').exec(stdout)?.[1];

describe('mibi rebuild', () => {
  let api: TestApi;
  let seller: Awaited<ReturnType<typeof marketplace>>['seller'];
  let work: string;

  beforeAll(async () => {
    api = await startTestApi();
    ({ seller } = await marketplace(api));
    // A rate changed today, so the tax policy read model has a document to compare.
    const admin = { userId: 'admin-1', roles: ['admin' as const] };
    await setTaxPolicy(api.ctx, admin, {
      type: 'SetTcsRate',
      rateBps: 100,
      effectiveFrom: indianDate(new Date().toISOString()),
      source: 'Notification 1/2026-Central Tax',
    });
    // A conversation: the buyer writes, the seller reads and answers.
    const [part] = await api.platform.read.collection<SellerOrderDoc>(SELLER_ORDERS).find({ limit: 1 });
    const { id, buyerId, sellerId } = part!;
    const [buyer, sellerActor] = [
      { userId: buyerId, roles: ['buyer' as const] },
      { userId: sellerId, roles: ['seller' as const] },
    ];
    await postMessage(api.ctx, buyer, id, { text: 'Is it still in stock?', images: [] });
    await markThreadRead(api.ctx, sellerActor, id);
    await postMessage(api.ctx, sellerActor, id, { text: 'Yes.', images: [] });
    await api.settle();
    work = mkdtempSync(join(tmpdir(), 'mibi-rebuild-'));
  });
  afterAll(async () => {
    await api.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('--compare: every collection equals a clean rebuild of the live read store', async () => {
    const { code, stdout, stderr } = await mibi(api.dir, 'rebuild', '--all', '--compare');
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^Rebuilt log-stats, .*users, catalog, .+ from \d+ events in [\d.]+ s \([\d,]+ events\/s\)$/m,
    );
    expect(stdout).toContain(`  equal      products (2 documents)\n`);
    expect(stdout).toContain(`  equal      tax_policy (1 documents)\n`);
    expect(stdout).toContain(`  equal      threads (1 documents)\n`);
    expect(stdout).toContain(`  equal      thread_messages (2 documents)\n`);
    expect(stdout).not.toContain('DIFFERENT');
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('Every collection equals the rebuild.');
    // Not a terminal: plain progress lines, the last one complete.
    expect(stderr).toMatch(/^rebuild \[#{24}\] 100% {2}(\d+)\/\1 events {2}[\d,]+ events\/s$/m);
  });

  it('--compare: answers 1 and names the documents that differ', async () => {
    const products = api.platform.read.collection<ProductDoc>(PRODUCTS);
    const [product] = await products.find({ limit: 1 });
    await products.put({ ...product!, name: 'Tampered' });
    try {
      const { code, stdout } = await mibi(api.dir, 'rebuild', 'catalog', '--compare');
      expect(code).toBe(1);
      expect(stdout).toContain(
        `  DIFFERENT  products: 1 documents differ (live 2, rebuilt 2)\n             changed: ${product!.id}\n`,
      );
      expect(stdout).toContain('  equal      categories');
      expect(stdout.trimEnd().split('\n').at(-1)).toBe(
        `1 of ${catalog.collections.length} collections differ from the rebuild.`,
      );
    } finally {
      await products.put(product!);
    }
  });

  it('--to-position: the read models as they were, a later listing left out', async () => {
    const before = await api.platform.events.lastPosition();
    await listProduct(seller, { name: 'Kashmiri Pashmina Shawl' });
    await api.settle();

    const then = await mibi(api.dir, 'rebuild', 'catalog', '--to-position', String(before));
    expect(then.code).toBe(0);
    expect(then.stdout).toContain(`The read models as of position ${before}, `);
    expect(countOf(then.stdout, 'products')).toBe('2');

    const now = await mibi(api.dir, 'rebuild', 'catalog');
    expect(countOf(now.stdout, 'products')).toBe('3');
  });

  it('--to-time: the events recorded up to that time', async () => {
    const [first] = await api.platform.events.readAll({ limit: 1 });
    const { code, stdout } = await mibi(api.dir, 'rebuild', 'catalog', 'users', '--to-time', first!.metadata.time);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      new RegExp(`^The read models as of position \\d+, ${first!.metadata.time.replaceAll('.', '\\.')}:$`, 'm'),
    );
    expect(countOf(stdout, 'products')).toBe('0');
  });

  it('--as-of: a position or a time, the same rebuild as --to-position and --to-time', async () => {
    const [first] = await api.platform.events.readAll({ limit: 1 });
    const last = await api.platform.events.lastPosition();
    const [byPosition, byTime] = await Promise.all([
      mibi(api.dir, 'rebuild', '--as-of', String(last - 1), 'catalog'),
      mibi(api.dir, 'rebuild', '--as-of', first!.metadata.time, 'catalog'),
    ]);
    expect(byPosition.code).toBe(0);
    expect(byPosition.stdout).toContain(`The read models as of position ${last - 1}, `);
    expect(byTime.code).toBe(0);
    expect(byTime.stdout).toMatch(
      new RegExp(`^The read models as of position \\d+, ${first!.metadata.time.replaceAll('.', '\\.')}:$`, 'm'),
    );
    expect(countOf(byTime.stdout, 'products')).toBe('0');
  });

  it('--into keeps the rebuilt store in that folder; without it the store is removed', async () => {
    const into = join(work, 'kept');
    const kept = await mibi(api.dir, 'rebuild', 'users', '--into', into);
    expect(kept.code).toBe(0);
    expect(readdirSync(into).filter((name) => /^read-rebuild-.+\.db$/.test(name))).toHaveLength(1);
    const tmp = join(work, 'tmp');
    mkdirSync(tmp);
    const temporary = await mibiWithEnv({ DATA_DIR: api.dir, TMPDIR: tmp }, 'rebuild', 'users');
    expect(temporary.code).toBe(0);
    expect(temporary.stdout).not.toContain(' into ');
    expect(readdirSync(tmp).filter((name) => name.startsWith('mibi-rebuild-'))).toEqual([]); // tsx keeps its cache there too
  });

  it('refuses an --as-of that is neither a position nor a time, or given with another cut', async () => {
    // Refused before the command opens the data folder: no process needed.
    await expect(rebuildCommand.run(['--all', '--as-of', 'last tuesday'])).rejects.toThrow(
      new UsageError(
        '--as-of must be a log position (a whole number) or an ISO-8601 date or date and time, e.g. 2025-01-31 or 2025-01-31T18:30:00Z (got "last tuesday")',
      ),
    );
    await expect(rebuildCommand.run(['--all', '--as-of', '3', '--to-time', '2025-01-01'])).rejects.toThrow(
      new UsageError('Give one of --to-position, --to-time and --as-of (got --to-time and --as-of)'),
    );
  });

  it('answers 2 to a wrong command line', async () => {
    const usage = async (...args: string[]) => {
      const run = await mibi(api.dir, 'rebuild', ...args);
      expect(run.code).toBe(2);
      return run.stderr.split('\n')[0];
    };
    // Six processes, started together: one after another they outlast the test's time on a busy machine.
    const answers = await Promise.all([
      usage(),
      usage('shipping'),
      usage('--all', 'users'),
      usage('--all', '--to-position', '3', '--to-time', '2025-01-01'),
      usage('--all', '--compare', '--to-position', '3'),
      usage('--all', '--to-position', 'soon'),
    ]);
    expect(answers).toEqual([
      expect.stringMatching(
        /^mibi rebuild: Name the projections to rebuild, or give --all \(projections: log-stats, .*users, catalog, /,
      ),
      expect.stringMatching(/^mibi rebuild: Unknown projection: shipping \(projections: /),
      'mibi rebuild: Name projections or give --all, not both',
      'mibi rebuild: Give one of --to-position, --to-time and --as-of (got --to-position and --to-time)',
      "mibi rebuild: --compare rebuilds up to the live projections' checkpoints: it takes no --to-position, --to-time or --as-of",
      'mibi rebuild: --to-position must be a whole number of at least 1 (got "soon")',
    ]);
  }, 60_000);
});
