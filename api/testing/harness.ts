/**
 * Test harness: the whole app as `npm start` assembles it, on the embedded stack in a temp
 * folder (SQLite files for events, read models and jobs, in-process bus, files), with the projections and workers
 * running, driven through `app.request` without a socket.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../platform/config/config.ts';
import { TestGatewayControl } from '../../platform/payments/test-gateway/control-client.ts';
import { TestCourierControl } from '../../platform/couriers/test-courier/control-client.ts';
import { type TestCourier, startTestCourier } from '../../platform/couriers/test-courier/server.ts';
import {
  type TestGateway,
  type TestGatewayOptions,
  startTestGateway,
} from '../../platform/payments/test-gateway/server.ts';
import type { Platform } from '../../platform/platform.ts';
import { JOB_NAMES, REACTORS } from '../../workers/index.ts';
import { accountDecider } from '../../domain/account/decider.ts';
import { accountStream } from '../../domain/account/events.ts';
import type { App } from '../app.ts';
import { ROLES, assemble } from '../roles/assemble.ts';
import type { AppContext } from '../roles/context.ts';
import { signInChallenges } from '../auth/sign-in-challenges.ts';
import { openSecret, totpCode, totpStep } from '../auth/totp.ts';
import { findAccount } from '../commands/accounts.ts';
import { markEmailVerified } from '../commands/email-verification.ts';
import { LOCAL_ORIGIN, LocalClient, type Reply, checkAnswers } from './local-client.ts';
import { ResponseValidator } from './response-validator.ts';
import { type TypedApi, typedApi } from './typed-client.ts';

export { LOCAL_ORIGIN as ORIGIN, type Reply, type RequestOptions } from './local-client.ts';
export { type ArgsOf, errorOf, expectStatus, ok, type TypedApi } from './typed-client.ts';

/**
 * A user of the API in tests: the typed API (`client.api`), who it is signed in as, and `client.raw`, the
 * LocalClient underneath that holds the session cookie, for requests deliberately off the contract (malformed
 * JSON, wrong types, unknown fields, paths that are not routes, bytes no route types). The HTTP plumbing suites
 * (api/http/: headers, compression, static assets) and the dev routes (outside the typed chain) stay raw.
 */
export class Client {
  /** String paths and any body, sent with the session cookie. */
  readonly raw: LocalClient;
  /** Every route under /api, typed from the app, sent through `raw`. */
  readonly api: TypedApi;

  constructor(
    harness: TestApi,
    cookie: string | null = null,
    public user: {
      id: string;
      fullName: string;
      email: string;
      roles: string[];
      emailVerified?: boolean;
      totpEnabled?: boolean;
    } | null = null,
  ) {
    this.raw = new LocalClient(harness.app, cookie);
    this.api = typedApi(this.raw.send);
  }

  /** The session cookie, as the last answer set it. */
  get cookie(): string | null {
    return this.raw.cookie;
  }

  /** The typed API with every query waiting for the read models to pass log `position` (`?after=`, read your writes); without one, `api`. */
  after(position: number | undefined): TypedApi {
    if (position === undefined) return this.api;
    return typedApi((url, init) => this.raw.send(`${url}${url.includes('?') ? '&' : '?'}after=${position}`, init));
  }
}

export interface TestApi {
  ctx: AppContext;
  app: App;
  platform: Platform;
  dir: string;
  /**
   * The test gateway `platform.payments` speaks to, in this process: its webhooks go to the app's
   * /api/payments/webhook (handed to the app without a socket), and `control` pays or fails an
   * order, ends refunds and holds, reorders, drops or duplicates webhooks.
   */
  gateway: TestGateway & { control: TestGatewayControl };
  /**
   * The test courier `platform.couriers` speaks to, in this process: its webhooks go to the app's
   * /api/shipments/webhook, and `control` tells a parcel's next step.
   */
  courier: TestCourier & { control: TestCourierControl };
  /** A visitor without a session. */
  anonymous(): Client;
  /**
   * Signs a new user up through the API and returns their client (cookie kept). The address is
   * then verified with the mailed link, as its owner would, unless `verified: false`.
   */
  signUp(options?: {
    role?: 'buyer' | 'seller';
    fullName?: string;
    email?: string;
    password?: string;
    verified?: boolean;
  }): Promise<Client>;
  /**
   * Signs in through the API. An admin (or a user with two-step sign-in) completes the second
   * step with a code computed from the account's secret; an admin without one enrols first,
   * as the sign-in asks. The second factor is not what the suites using this test.
   */
  signIn(email: string, password: string): Promise<Client>;
  /** The account's current TOTP code, usable once more (the harness forgets which step was used last). */
  totpCode(email: string): Promise<string>;
  /**
   * Resolves once everything appended so far has run its course, and the test gateway's part too:
   * its webhooks delivered and refunds processed (held webhooks and manual refunds wait), work left
   * after answers ended, the jobs it caused done (and what they asked of the gateway), every
   * projection past it all.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

let counter = 0;

const failed = (what: string, reply: Reply<unknown>) =>
  new Error(`${what} failed: ${reply.status} ${JSON.stringify(reply.body)}`);

/** The test gateway's webhooks, retried quickly so a suite does not wait for Razorpay's backoff. */
const WEBHOOK_RETRY = { attempts: 5, baseMs: 20, maxMs: 200 };

export async function startTestApi(
  env: Record<string, string> = {},
  options: { gateway?: Pick<TestGatewayOptions, 'refunds' | 'refundDelayMs' | 'retry'> } = {},
): Promise<TestApi> {
  const dir = mkdtempSync(join(tmpdir(), 'mibi-api-'));
  // Webhooks reach the app without a socket, as `client.api` requests do; the app exists only once assembled.
  let served: App | undefined;
  const gateway = await startTestGateway({
    webhookUrl: `${LOCAL_ORIGIN}/api/payments/webhook`,
    send: async (url, init) => {
      if (!served) return new Response(null, { status: 503 });
      return served.request(url, init);
    },
    retry: WEBHOOK_RETRY,
    ...options.gateway,
  });
  const courier = await startTestCourier({
    webhookUrl: `${LOCAL_ORIGIN}/api/shipments/webhook`,
    send: async (url, init) => (served ? served.request(url, init) : new Response(null, { status: 503 })),
  });
  // AUTO_VERIFY is off without demo data; most suites want products on sale at once.
  const config = loadConfig({
    DATA_DIR: dir,
    DEMO_DATA: 'false',
    AUTO_VERIFY: 'true',
    ADMIN_EMAIL: 'admin@mibi.test',
    ADMIN_PASSWORD: 'admin-pass-1',
    TEST_GATEWAY_URL: gateway.url,
    RAZORPAY_KEY_ID: gateway.keys.keyId,
    RAZORPAY_KEY_SECRET: gateway.keys.keySecret,
    RAZORPAY_WEBHOOK_SECRET: gateway.keys.webhookSecret,
    // Suites run reconciliation passes themselves, at the moments they choose: a pass on the
    // process's own timer (one runs at start) would race them, e.g. record a payment a test
    // means to leave unasked-for.
    RECONCILE_EVERY_S: '86400',
    TEST_COURIER_URL: courier.url,
    AFTERSHIP_API_KEY: courier.keys.apiKey,
    AFTERSHIP_WEBHOOK_SECRET: courier.keys.webhookSecret,
    ...env,
  });
  const assembled = await assemble(config, ROLES, { notifyRetry: { attempts: 5, backoffMs: 20 } }).catch(
    async (error: unknown) => {
      await gateway.close();
      await courier.close();
      throw error;
    },
  );
  const { platform } = assembled;
  const ctx = assembled.ctx!;
  const app = assembled.app!;
  served = app;
  gateway.webhooks.kick(); // any sent before the app was there
  // Every answer a client of this app gets must be one the served OpenAPI document allows.
  let validator: Promise<ResponseValidator> | undefined;
  checkAnswers(app, async (method, url, response) => {
    validator ??= (async () => {
      const served = await app.request(`${LOCAL_ORIGIN}/api/openapi.json`);
      return new ResponseValidator(await served.json());
    })();
    return (await validator).disagreement(method, url, response);
  });

  /** The account's TOTP secret, opened with the server's key, from the log. */
  async function totpSecretOf(email: string): Promise<{ userId: string; secret: Uint8Array | null }> {
    const account = await findAccount(ctx, email);
    if (!account) throw new Error(`no account of ${email}`);
    const { state } = await ctx.streams.load(accountStream(account.userId), accountDecider);
    return {
      userId: account.userId,
      secret: state?.totp ? openSecret(config, account.userId, state.totp.secret) : null,
    };
  }

  /** The address's newest mail's link token: the verification link a sign-up just mailed. */
  async function mailedToken(email: string): Promise<string | null> {
    const [mail] = (await platform.mailbox?.list({ to: email, limit: 1 })) ?? [];
    const token = mail && /[?&]token=([^\s&]+)/.exec(mail.text)?.[1];
    return token ? decodeURIComponent(token) : null;
  }

  /** Sign-ins one at a time: an admin's first sign-in enrols, and two at once would both try. */
  let signingIn: Promise<unknown> = Promise.resolve();

  async function signInNow(email: string, password: string): Promise<Client> {
    const client = new Client(harness);
    const first = await client.api.auth.signin.$post({ json: { email, password } });
    if (first.status !== 200) throw failed('sign-in', first);
    let signedIn = first.body;
    if ('step' in signedIn && signedIn.step === 'totp_enrol') {
      const { challenge } = signedIn;
      const setup = await client.api.auth.totp.setup.$post({ json: { challenge } });
      if (setup.status !== 200) throw failed('authenticator set-up', setup);
      const { userId } = await totpSecretOf(email);
      const { enrolment } = setup.body;
      const secret = openSecret(config, userId, enrolment)!;
      const code = totpCode(secret, totpStep(Date.now()));
      const enrolled = await client.api.auth.totp.enrol.$post({ json: { challenge, enrolment, code } });
      if (enrolled.status !== 201) throw failed('enrolment', enrolled);
      signedIn = enrolled.body;
    } else if ('step' in signedIn) {
      const code = await harness.totpCode(email);
      const second = await client.api.auth.signin.totp.$post({ json: { challenge: signedIn.challenge, code } });
      if (second.status !== 200) throw failed('second step', second);
      signedIn = second.body;
    }
    if (!('user' in signedIn)) throw new Error(`sign-in of ${email} ended without a user`);
    client.user = signedIn.user;
    return client;
  }

  /** Everything appended so far has run its course in MIBI: work after answers, the jobs it caused, the projections. */
  async function settleApp(): Promise<void> {
    await ctx.afterwards.settled();
    const appended = await platform.events.lastPosition();
    for (const reactor of REACTORS) {
      for (let waited = 0; (await platform.read.checkpoint(reactor)) < appended; waited += 10) {
        if (waited > 5000) throw new Error(`${reactor} did not reach ${appended}`);
        await sleep(10);
      }
    }
    for (const job of JOB_NAMES) await platform.queue.drained(job);
    const last = await platform.events.lastPosition();
    if (!(await ctx.progress.waitFor(last, 5000))) throw new Error(`projections did not reach ${last}`);
  }

  const harness: TestApi = {
    ctx,
    app,
    platform,
    dir,
    gateway: Object.assign(gateway, { control: new TestGatewayControl(gateway.url, gateway.keys) }),
    courier: Object.assign(courier, { control: new TestCourierControl(courier.url, courier.keys.apiKey) }),
    anonymous: () => new Client(harness),
    async signUp(options = {}) {
      const n = ++counter;
      const password = options.password ?? 'secret-pass';
      const client = new Client(harness);
      const reply = await client.api.auth.signup.$post({
        json: {
          fullName: options.fullName ?? `Test User ${n}`,
          email: options.email ?? `user${n}-${Date.now()}@mibi.test`,
          password,
          role: options.role ?? 'buyer',
        },
      });
      if (reply.status !== 201) throw failed('sign-up', reply);
      client.user = reply.body.user;
      if (options.verified ?? true) {
        const { id, email } = reply.body.user;
        const token = await mailedToken(email);
        // With SMTP configured there is no mailbox to read: the system vouches for the address instead.
        const verified = token
          ? await client.api.auth['verify-email'].$post({ json: { token } })
          : (await markEmailVerified(ctx, id), { status: 200 });
        if (verified.status !== 200)
          throw new Error(`e-mail verification failed: ${verified.status} ${JSON.stringify(verified)}`);
        client.user!.emailVerified = true;
      }
      return client;
    },
    signIn(email, password) {
      const next = signingIn.then(() => signInNow(email, password));
      signingIn = next.catch(() => {});
      return next;
    },
    async totpCode(email) {
      const { userId, secret } = await totpSecretOf(email);
      if (!secret) throw new Error(`${email} has no two-step sign-in`);
      await signInChallenges(platform.read).forgetUsedSteps(userId);
      return totpCode(secret, totpStep(Date.now()));
    },
    async settle() {
      // The gateway's webhooks and refunds cause MIBI's work, whose calls to the gateway may cause more.
      do {
        await gateway.quiet();
        await settleApp();
      } while (gateway.busy());
    },
    async close() {
      await assembled.stop();
      await gateway.close();
      await courier.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return harness;
}
