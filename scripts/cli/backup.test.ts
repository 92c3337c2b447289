import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { analystKey } from '../../analytics/privacy.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listProduct, signInAdmin } from '../../api/routes/catalog.fixtures.ts';
import { signedIn } from '../../api/routes/orders.fixtures.ts';
import { Client, type TestApi, expectStatus, startTestApi } from '../../api/testing/harness.ts';
import { PUNE_ADDRESS } from '../../domain/order/addresses.fixtures.ts';
import { MANIFEST, type Manifest } from '../../platform/backup/manifest.ts';
import { notPrivate } from '../../platform/files.fixtures.ts';
import { mibi, mibiWithEnv } from './mibi.fixtures.ts';

interface Acknowledged {
  id: string;
  buyer: Client;
  /** performance.now() when its 201 came back. */
  at: number;
}

async function upload(seller: Client): Promise<string> {
  const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#b45309' } })
    .png()
    .toBuffer();
  const reply = await seller.api.uploads.$post({ form: { file: new File([Uint8Array.from(png)], 'diya.png') } });
  expectStatus(reply, 201);
  return reply.body.id;
}

/** Orders one unit at a time until `stop()`, noting each order the API acknowledged. */
async function ordering(buyer: Client, productId: string, acknowledged: Acknowledged[], stop: () => boolean) {
  while (!stop()) {
    expectStatus(await buyer.api.cart.items.$post({ json: { productId, quantity: 1 } }), 200);
    const placed = await buyer.api.orders.$post({
      header: {},
      json: { shippingAddress: PUNE_ADDRESS, delivery: 'express', payment: 'cod' },
    });
    expectStatus(placed, 201);
    acknowledged.push({ id: placed.body.order.id, buyer, at: performance.now() });
  }
}

describe('mibi backup and restore', () => {
  let api: TestApi;
  let work: string;

  beforeAll(async () => {
    api = await startTestApi();
    work = mkdtempSync(join(tmpdir(), 'mibi-backup-'));
  });
  afterAll(async () => {
    await api.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('backs up while orders pour in; the restore holds every order acknowledged before it began, and its read models equal a rebuild', async () => {
    // Something in every part of DATA_DIR: an image, mails and their keys, the admin's second factor (totp.key),
    // the analysts' pseudonym key (analyst.key).
    await signInAdmin(api);
    analystKey({ DATA_DIR: api.dir, ANALYST_PSEUDONYM_KEY: undefined });
    const seller = await api.signUp({ role: 'seller' });
    const { id: productId } = await listProduct(seller, { stockQuantity: 100_000, images: [await upload(seller)] });
    const buyers = await Promise.all([1, 2, 3, 4].map(() => signedIn(api)));

    const acknowledged: Acknowledged[] = [];
    let stopped = false;
    const load = Promise.all(buyers.map((buyer) => ordering(buyer, productId, acknowledged, () => stopped)));
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 10));

    const backupDir = join(work, 'backup');
    const began = performance.now();
    const backup = await mibi(api.dir, 'backup', backupDir);
    const ended = performance.now();
    stopped = true;
    await load;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(new RegExp(`^Backed up ${api.dir} into ${backupDir}: \\d+ files, `));
    expect(backup.stdout).toMatch(/^ {2}events\.db +[\d,]+ KiB$/m);
    const before = acknowledged.filter((order) => order.at < began);
    // Under load: orders kept being acknowledged while the backup ran.
    expect(acknowledged.filter((order) => order.at > began && order.at < ended).length).toBeGreaterThan(0);

    // Every entry of DATA_DIR the stack writes is in the backup (SQLite's WAL files are read through their databases).
    const manifest = JSON.parse(readFileSync(join(backupDir, MANIFEST), 'utf8')) as Manifest;
    const backedUp = new Set(manifest.files.map((file) => file.path.split('/')[0]));
    expect(readdirSync(api.dir).filter((name) => !/-(wal|shm)$/.test(name) && !backedUp.has(name))).toEqual([]);
    expect([...backedUp].sort()).toEqual([
      'analyst.key',
      'events.db',
      'jobs.db',
      'mail',
      'media',
      'read.db',
      'totp.key',
    ]);

    // Not over the data folder the server works on, even with --force.
    const inUse = await mibi(api.dir, 'restore', backupDir, '--force');
    expect(inUse.stderr).toMatch(
      /^mibi restore: Refusing to restore: a MIBI process works on .+ \(lease .+\): stop it first$/m,
    );
    expect(inUse.code).toBe(1);

    const restored = join(work, 'restored');
    const restore = await mibi(restored, 'restore', backupDir);
    expect(restore.stdout).toContain(`into ${restored}: ${manifest.files.length} files, every one verified`);
    expect(restore.code).toBe(0);
    expect(notPrivate(backupDir)).toEqual([]);
    expect(notPrivate(restored)).toEqual([]);

    const compare = await mibi(restored, 'rebuild', '--all', '--compare');
    expect(compare.stdout).not.toContain('DIFFERENT');
    expect(compare.stdout.trimEnd().split('\n').at(-1)).toBe('Every collection equals the rebuild.');
    expect(compare.code).toBe(0);

    // The restored marketplace serves each buyer (signed in still) every order acknowledged before the backup began, and the image.
    const again = await startTestApi({ DATA_DIR: restored });
    try {
      await again.settle();
      for (const order of before) {
        const client = new Client(again, order.buyer.cookie);
        expect([order.id, (await client.api.orders[':id'].$get({ param: { id: order.id } })).status]).toEqual([
          order.id,
          200,
        ]);
      }
      const product = await again.anonymous().api.products[':id'].$get({ param: { id: productId } });
      expectStatus(product, 200);
      expect((await again.anonymous().raw.request('GET', product.body.imageUrl!)).status).toBe(200);
    } finally {
      await again.close();
    }
  }, 90_000);

  it('refuses the stores of a deployment at scale, which their own tools back up', async () => {
    const external = await mibiWithEnv(
      { DATA_DIR: api.dir, POSTGRES_URL: 'postgres://mibi@127.0.0.1:1/mibi' },
      'backup',
      join(work, 'elsewhere'),
    );
    expect(external.stderr).toMatch(
      /^mibi backup: mibi backup works on the embedded stack in DATA_DIR, and POSTGRES_URL is set: /,
    );
    expect(external.code).toBe(1);
  });
});
