import { setTimeout as sleep } from 'node:timers/promises';
import { dayInIndia } from '../../domain/payout/decider.ts';
import { leaseOwner } from '../../platform/lease/owner.ts';
import { createApp } from '../app.ts';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../auth/session-cookie.ts';
import { findAccount } from '../commands/accounts.ts';
import { markEmailVerified } from '../commands/email-verification.ts';
import type { AppContext } from '../roles/context.ts';
import { endImageProcess } from '../images/image-process.ts';
import { LocalClient, type Reply } from '../testing/local-client.ts';
import { DEMO_BUYER, DEMO_PASSWORD, DEMO_SELLERS, type DemoProduct } from './demo-catalog.ts';
import { demoImages } from './demo-images.ts';
import { DEMO_PROVENANCE, type DemoProvenance, evidencePdf } from './demo-provenance.ts';
import { logger } from '../../platform/log.ts';

const log = logger('demo');

/** How often a seed waiting for the projections says so. */
const WAIT_LOG_MS = 10_000;
const SEED_STREAM = 'demo-seed';
/** One process seeds at a time; the others wait for it, and take over when it died half-way. */
const SEED_LEASE = 'demo-seed';
const address = {
  firstName: 'Ananya',
  lastName: 'Sharma',
  phone: '9820012345',
  address: '14 Carter Road, Bandra West',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400050',
};

export interface SeedOptions {
  /** Lease of the seeding process, renewed at every step; another process resumes once it lapses. */
  leaseTtlMs?: number;
  /** How often a waiting process looks again. */
  pollMs?: number;
  /** How long a process waits for another one's seed before it gives up (and serves without waiting). */
  maxWaitMs?: number;
}

function ok<T>(reply: Reply<T>, what: string): T {
  if (reply.status >= 300)
    throw new Error(`demo seed: ${what} failed with ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** The seed stream: DemoSeedStarted, a DemoSeedStepDone (with what it made) per step that is not safe to repeat, DemoSeedFinished. */
interface Progress {
  revision: number;
  finished: boolean;
  steps: Map<string, unknown>;
}

async function readProgress(ctx: AppContext): Promise<Progress> {
  const events = await ctx.platform.events.readStream(SEED_STREAM);
  const steps = new Map<string, unknown>();
  for (const { type, data } of events) {
    if (type === 'DemoSeedStepDone') steps.set((data as { step: string }).step, (data as { result: unknown }).result);
  }
  return {
    revision: events.at(-1)?.revision ?? -1,
    finished: events.some((e) => e.type === 'DemoSeedFinished'),
    steps,
  };
}

/**
 * Seeds the demo marketplace once, on the first start with DEMO_DATA, through the same
 * routes a person would use. It can be interrupted anywhere (a crash, a deploy) and run again:
 * every step that must not happen twice (listing a product, placing an order, moving it) is
 * recorded in the seed stream with what it made, and skipped when found there; the others
 * (sign-ups, verifications, reviews) are harmless to repeat. A step interrupted between its
 * effect and its record is repeated safely too: a resumed seed first looks for what exists
 * (the seller's product of that name, the order of that step's Idempotency-Key). A lease
 * keeps other processes from seeding at the same time; they wait for the seed to finish, or
 * take over from a process that died half-way once its lease lapses.
 */
export async function seedDemo(
  ctx: AppContext,
  admin: { email: string; password: string },
  options: SeedOptions = {},
): Promise<boolean> {
  if (!ctx.config.DEMO_DATA || (await readProgress(ctx)).finished) return false;
  const { leaseTtlMs = 30_000, pollMs = 1_000, maxWaitMs = 5 * 60_000 } = options;
  const { leases } = ctx.platform.read;
  const owner = leaseOwner();
  const deadline = Date.now() + maxWaitMs;
  while (!(await leases.acquire(SEED_LEASE, owner, leaseTtlMs))) {
    if ((await readProgress(ctx)).finished || Date.now() >= deadline) return false;
    await sleep(pollMs);
  }
  try {
    // Read again under the lease: another process may have gone on, or finished, meanwhile.
    const progress = await readProgress(ctx);
    if (progress.finished) return false;
    const renew = async () => {
      if (!(await leases.acquire(SEED_LEASE, owner, leaseTtlMs)))
        throw new Error('demo seed: another process took the seed over');
    };
    await new DemoSeed(ctx, admin, progress, renew).run();
    return true;
  } finally {
    // A release that fails leaves the lease to lapse: the seed's own outcome is what matters here.
    await leases.release(SEED_LEASE, owner).catch(() => {});
  }
}

/** Rupees per unit of each foreign currency buyers may see prices in (demo figures near late-2026 rates). */
const DEMO_REFERENCE_RATES = { USD: '84.0729', EUR: '88.9612', GBP: '106.2417', AED: '22.8923', SGD: '62.581' };

class DemoSeed {
  private readonly app: ReturnType<typeof createApp>;
  /** A seed begun before: what it made may exist without its record, so steps look first. */
  private readonly resuming: boolean;
  private revision: number;

  constructor(
    private readonly ctx: AppContext,
    private readonly admin: { email: string; password: string },
    private readonly progress: Progress,
    private readonly renew: () => Promise<void>,
  ) {
    this.app = createApp(ctx);
    this.resuming = progress.revision >= 0;
    this.revision = progress.revision;
  }

  async run(): Promise<void> {
    if (this.resuming) {
      // What the interrupted seed did must be in the read models before steps look for it.
      await this.settle();
    } else {
      await this.record({ type: 'DemoSeedStarted', data: {} });
    }
    const staff = new LocalClient(this.app);
    const staffSession = await this.adminSession(staff);

    const productIds = new Map<string, string>();
    const sellerOf = new Map<string, string>();
    const sellers = new Map<string, LocalClient>();
    for (const seller of DEMO_SELLERS) {
      const client = await this.account(seller.fullName, seller.email, 'seller');
      sellers.set(seller.email, client);
      ok(
        await staff.post(`/api/admin/sellers/${client.userId}/verify`, { reason: 'Documents checked' }),
        `verifying ${seller.email}`,
      );
      // The same profile again writes nothing, so a resumed seed repeats this safely.
      const storefront = { displayName: seller.fullName, ...seller.storefront };
      ok(await client.put(`/api/sellers/${client.userId}/profile`, storefront), `the storefront of ${seller.email}`);
      ok(
        await client.put(`/api/sellers/${client.userId}/tax-profile`, seller.taxProfile),
        `the tax profile of ${seller.email}`,
      );
      for (const product of seller.products) {
        const { id } = await this.step(`product ${seller.email} ${product.name}`, async () => ({
          id: await this.listProduct(client, product),
        }));
        // Verifying twice is a no-op, so this also holds with AUTO_VERIFY on; so is featuring.
        ok(await staff.post(`/api/admin/products/${id}/verify`), `verifying ${product.name}`);
        if (product.featured) ok(await staff.post(`/api/admin/products/${id}/feature`), `featuring ${product.name}`);
        productIds.set(product.name, id);
        sellerOf.set(product.name, client.userId);
      }
    }
    // Every picture is drawn and resized: the image process's memory goes now, not a second later.
    endImageProcess();
    for (const [email, provenance] of Object.entries(DEMO_PROVENANCE))
      await this.provenance(staff, sellers.get(email)!, email, provenance, productIds);

    const buyer = await this.account(DEMO_BUYER.fullName, DEMO_BUYER.email, 'buyer');
    const orders: Array<[items: Array<[string, number]>, delivery: string, moves: string[]]> = [
      [
        [
          ['Banarasi Silk Saree', 1],
          ['Kashmiri Saffron (2 g)', 2],
        ],
        'express',
        ['processing', 'shipped', 'delivered'],
      ],
      [
        [
          ['Jaipur Blue Pottery Vase', 1],
          ['Neem Wood Comb', 3],
        ],
        'standard',
        ['processing', 'shipped', 'delivered'],
      ],
      [[['Dhokra Brass Elephant', 1]], 'standard', ['processing', 'shipped']],
      [
        [
          ['Malabar Black Pepper (250 g)', 2],
          ['Green Cardamom (100 g)', 1],
        ],
        'overnight',
        ['processing'],
      ],
      [[['Khadi Cotton Kurta', 2]], 'standard', []],
      [[['Oxidised Silver Jhumkas', 1]], 'standard', ['cancelled']],
    ];
    const placed: Array<Array<{ id: string; sellerId: string }>> = [];
    for (const [n, [items, delivery, moves]] of orders.entries()) {
      const lines = items.map(([name, quantity]) => ({ productId: productIds.get(name)!, quantity }));
      const { parts } = await this.step(`order ${n + 1}`, async () => ({
        parts: await this.placeOrder(buyer, n + 1, lines, delivery),
      }));
      placed.push(parts);
      for (const { id: part } of parts) {
        for (const status of moves) {
          // The buyer cancels (their seller is told); the staff moves the rest on, as the sellers would.
          const [mover, body] =
            status === 'cancelled' ? [buyer, { status, reason: 'Ordered the wrong size' }] : [staff, { status }];
          // Moving a seller order to the status it has changes nothing, so a move whose record was lost is repeated safely.
          const move = async () =>
            void ok(await mover.post(`/api/seller-orders/${part}/status`, body), `move to ${status}`);
          await this.step(`order ${n + 1} ${status} ${part}`, move);
        }
      }
    }
    await this.settle();

    const reviews: Array<[string, number, string]> = [
      [
        'Banarasi Silk Saree',
        5,
        'The zari work is exquisite and the silk feels rich. Wore it to my cousin’s wedding and got so many compliments.',
      ],
      [
        'Kashmiri Saffron (2 g)',
        5,
        'Deep colour and a wonderful aroma; a few strands are enough for a whole pot of kheer.',
      ],
      [
        'Jaipur Blue Pottery Vase',
        4,
        'Beautiful hand painting. Slightly smaller than I imagined, but it was packed very carefully.',
      ],
      ['Neem Wood Comb', 4, 'Smooth teeth and no static at all. Good value.'],
    ];
    // The same review submitted again changes nothing.
    for (const [name, rating, comment] of reviews) {
      ok(await buyer.post(`/api/products/${productIds.get(name)}/reviews`, { rating, comment }), `review of ${name}`);
    }
    await this.returnAndPayout(staff, buyer, placed[1]!, productIds, sellerOf);
    // The address of the buyer's orders, kept for checkout: saving it again changes nothing.
    ok(await buyer.post('/api/addresses', { ...address, makeDefault: true }), 'the saved address');
    // Rates for prices abroad, made up for the demo: the same rate from the same source again records nothing.
    for (const [currency, rupeesPerUnit] of Object.entries(DEMO_REFERENCE_RATES)) {
      const rate = { rupeesPerUnit, source: 'Demo figure, not a published rate' };
      ok(await staff.put(`/api/admin/reference-rates/${currency}`, rate), `the reference rate of ${currency}`);
    }
    await this.record({ type: 'DemoSeedFinished', data: { products: productIds.size } });
    await this.ctx.sessions.end(staffSession);
    await this.settle();
  }

  /**
   * Signs `staff` in as the admin from inside the server: the admin's own sign-in asks for a
   * second factor that only its owner has (the seed never enrols one for them). The cookie is
   * given under both of its names, so it is read whether or not PUBLIC_URL makes it `__Host-`.
   * Answers the session's id, ended when the seed is done.
   */
  private async adminSession(staff: LocalClient): Promise<string> {
    const admin = await findAccount(this.ctx, this.admin.email);
    if (!admin) throw new Error(`demo seed: no admin account ${this.admin.email}`);
    const { token, session } = await this.ctx.sessions.create(admin.userId, new Date(), { secondFactor: true });
    staff.cookie = `${SESSION_COOKIE}=${token}; ${SECURE_SESSION_COOKIE}=${token}`;
    return session.id;
  }

  /** A return waiting for its seller's answer and a payout already made, so the returns and the ledger show in use. */
  private async returnAndPayout(
    staff: LocalClient,
    buyer: LocalClient,
    parts: Array<{ id: string; sellerId: string }>,
    productIds: Map<string, string>,
    sellerOf: Map<string, string>,
  ): Promise<void> {
    const vase = 'Jaipur Blue Pottery Vase';
    const part = parts.find((p) => p.sellerId === sellerOf.get(vase))!;
    const request = {
      lines: [{ productId: productIds.get(vase)!, quantity: 1 }],
      reason: 'It arrived with a hairline crack near the rim.',
    };
    await this.step('return of the vase', async () => {
      const reply = await buyer.post(`/api/seller-orders/${part.id}/returns`, request);
      // Asked already by a run that stopped before recording the step: the vase is being returned.
      if ((reply.body as { error?: { code: string } }).error?.code !== 'return_quantity')
        ok(reply, 'asking to return the vase');
    });
    await this.settle();
    const payout = { amountPaise: 10_000_00, paidOn: dayInIndia(this.ctx.now()), reference: 'DEMO-NEFT-0001' };
    // A reference is recorded once: the same payout sent again records nothing.
    ok(
      await staff.post(`/api/admin/sellers/${sellerOf.get('Banarasi Silk Saree')}/payouts`, payout),
      'recording a payout',
    );
  }

  /**
   * A seller's makers, its products' origins and its certificates, verified by the staff. Adding a
   * maker and submitting a certificate are steps (a resumed seed looks for them first, by name and
   * by number); stating an origin again changes nothing, and a certificate verified already is left so.
   */
  private async provenance(
    staff: LocalClient,
    seller: LocalClient,
    email: string,
    { makers, origins, certificates }: DemoProvenance,
    productIds: Map<string, string>,
  ): Promise<void> {
    const makerIds = new Map<string, string>();
    for (const maker of makers) {
      const { id } = await this.step(`maker ${email} ${maker.name}`, async () => {
        const known = this.resuming
          ? ok(await seller.get<Array<{ id: string; name: string }>>('/api/seller/makers'), 'the makers')
          : [];
        const found = known.find((m) => m.name === maker.name);
        if (found) return { id: found.id };
        return { id: ok(await seller.post<{ id: string }>('/api/seller/makers', maker), `adding ${maker.name}`).id };
      });
      makerIds.set(maker.name, id);
    }
    for (const { product, makers: names, method } of origins) {
      const origin = { makerIds: names.map((name) => makerIds.get(name)!), method, productionPartner: null };
      ok(
        await seller.put(`/api/seller/products/${productIds.get(product)}/origin`, origin),
        `the origin of ${product}`,
      );
    }
    const today = Date.parse(this.ctx.now().slice(0, 10));
    const day = (offset: number) => new Date(today + offset * 86_400_000).toISOString().slice(0, 10);
    const holder = DEMO_SELLERS.find((s) => s.email === email)!.fullName;
    for (const certificate of certificates) {
      const { id } = await this.step(`certificate ${email} ${certificate.number}`, async () => {
        const known = this.resuming
          ? ok(await seller.get<Array<{ id: string; number: string }>>('/api/seller/certificates'), 'the certificates')
          : [];
        const found = known.find((c) => c.number === certificate.number);
        if (found) return { id: found.id };
        const form = new FormData();
        const pdf = await evidencePdf(certificate, holder);
        form.append('file', new File([Uint8Array.from(pdf)], `${certificate.number}.pdf`, { type: 'application/pdf' }));
        const evidence = ok(
          await seller.request<{ evidenceId: string }>('POST', '/api/seller/evidence', { body: form }),
          'evidence',
        );
        const { kind, title, number, issuer, product } = certificate;
        const submitted = {
          kind,
          title,
          number,
          issuer,
          validFrom: day(certificate.fromDays),
          validUntil: day(certificate.untilDays),
          scope: product ? { kind: 'product', productId: productIds.get(product) } : { kind: 'seller' },
          evidenceIds: [evidence.evidenceId],
        };
        return {
          id: ok(await seller.post<{ id: string }>('/api/seller/certificates', submitted), `submitting ${number}`).id,
        };
      });
      const verified = await staff.post(`/api/admin/certificates/${id}/verify`);
      // 409: verified already, by an interrupted run.
      if (verified.status !== 409) ok(verified, `verifying ${certificate.number}`);
    }
  }

  /** Runs a step that must not happen twice, unless the seed stream records it done; records what it made. */
  private async step<T>(name: string, action: () => Promise<T>): Promise<T> {
    if (this.progress.steps.has(name)) return this.progress.steps.get(name) as T;
    await this.renew();
    const result = await action();
    await this.record({ type: 'DemoSeedStepDone', data: { step: name, result: result ?? null } });
    return result;
  }

  /** Appends to the seed stream at the revision this run expects: a concurrent seeder makes it fail rather than interleave. */
  private async record(event: { type: string; data: Record<string, unknown> }): Promise<void> {
    const expected = this.revision === -1 ? 'no_stream' : this.revision;
    ({ revision: this.revision } = await this.ctx.streams.append(SEED_STREAM, [event], expected, { actor: 'system' }));
  }

  /**
   * Waits for the read models to show what the seed did so far (reviews need the delivered
   * orders). At scale the projections run in another process that may start after this one:
   * wait for it, saying so every 10 s, rather than seed against read models that lag.
   */
  private async settle(): Promise<void> {
    const position = await this.ctx.platform.events.lastPosition();
    for (;;) {
      const started = Date.now();
      if (await this.ctx.progress.waitFor(position, WAIT_LOG_MS)) return;
      // An answer before the wait was up: the progress watch has stopped (the app is closing).
      if (Date.now() - started < WAIT_LOG_MS) throw new Error('The app closed while the demo data was being seeded');
      log.info(`waiting for the projections to reach position ${position} (is a projections process running?)`);
    }
  }

  /** Signs up, or signs in when an interrupted seed already did: either way a signed-in client. */
  private async account(fullName: string, email: string, role: 'buyer' | 'seller') {
    const client = new LocalClient(this.app);
    let reply = await client.post<{ user: { id: string } }>('/api/auth/signup', {
      fullName,
      email,
      password: DEMO_PASSWORD,
      role,
    });
    if (reply.status === 409 && this.resuming)
      reply = await client.post('/api/auth/signin', { email, password: DEMO_PASSWORD });
    const { user } = ok(reply, `sign-up of ${email}`);
    // The demo's made-up addresses receive no mail: the system vouches for them (sellers list only from a verified address).
    await markEmailVerified(this.ctx, user.id);
    return Object.assign(client, { userId: user.id });
  }

  private async listProduct(seller: LocalClient, product: DemoProduct): Promise<string> {
    if (this.resuming) {
      const { items } = ok(
        await seller.get<{ items: Array<{ id: string; name: string }> }>('/api/seller/products'),
        'the seller’s products',
      );
      const listed = items.find((item) => item.name === product.name);
      if (listed) return listed.id;
    }
    const { featured: _featured, motif: _motif, variants, ...fields } = product;
    // Uploaded like a seller's photos (resized to the catalog's widths); one left over by an interrupted step is never shown.
    const images: string[] = [];
    for (const picture of await demoImages(product)) {
      const form = new FormData();
      form.append('file', new File([Uint8Array.from(picture)], 'photo.jpg', { type: 'image/jpeg' }));
      images.push(
        ok(await seller.request<{ id: string }>('POST', '/api/uploads', { body: form }), `an image of ${product.name}`)
          .id,
      );
    }
    const listed = {
      ...fields,
      originalPricePaise: fields.originalPricePaise ?? null,
      images,
      ...(variants && {
        variants: variants.map(({ picture, pricePaise, ...variant }) => ({
          ...variant,
          pricePaise: pricePaise ?? product.pricePaise,
          originalPricePaise: null,
          images: picture === undefined ? [] : [images[picture]!],
        })),
      }),
    };
    return ok(await seller.post<{ id: string }>('/api/seller/products', listed), `listing ${product.name}`).id;
  }

  /**
   * Fills the cart with exactly these lines and orders them under a key of this step's own:
   * an order the interrupted seed placed already is answered again rather than placed twice.
   * Answers its seller orders.
   */
  private async placeOrder(
    buyer: LocalClient,
    n: number,
    lines: Array<{ productId: string; quantity: number }>,
    delivery: string,
  ): Promise<Array<{ id: string; sellerId: string }>> {
    const emptyCart = async () => {
      const { count } = ok(await buyer.get<{ count: number }>('/api/cart'), 'the cart');
      if (count > 0) ok(await buyer.delete('/api/cart'), 'emptying the cart');
    };
    if (this.resuming) await emptyCart();
    for (const line of lines) ok(await buyer.post('/api/cart/items', line), 'adding to the cart');
    const headers = { 'idempotency-key': `demo-seed-order-${n}` };
    const checkout = { shippingAddress: address, delivery, payment: 'cod' };
    const { order } = ok(
      await buyer.post<{ order: { sellerOrders: Array<{ id: string; sellerId: string }> } }>('/api/orders', checkout, {
        headers,
      }),
      'order',
    );
    // Answering an order placed before leaves the cart just filled as it is.
    if (this.resuming) await emptyCart();
    return order.sellerOrders.map(({ id, sellerId }) => ({ id, sellerId }));
  }
}
