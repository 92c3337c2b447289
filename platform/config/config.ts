import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import { LOG_LEVELS } from '../log.ts';
import { isLoopbackHost } from './host.ts';

/**
 * Everything the process reads from its environment. Unset adapters mean the embedded
 * default (SQLite for events, read models and jobs, in-process bus, files), so `npm start` needs no settings.
 */
const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine(
      (v) => protocols.some((p) => v.startsWith(`${p}:`)),
      `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    );

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const schema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0)
    .max(65535)
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  EVENTSTORE_URL: url(['esdb', 'esdb+discover', 'kurrentdb', 'kurrentdb+discover', 'kdb', 'kdb+discover']).optional(),
  MONGO_URL: url(['mongodb', 'mongodb+srv']).optional(),
  /** PostgreSQL for the event store and the read store both; EVENTSTORE_URL and MONGO_URL each win for their side. */
  POSTGRES_URL: url(['postgres', 'postgresql']).optional(),
  MONGO_DB: z.string().min(1).default('mibi'),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.string().url().optional(),
  S3_FORCE_PATH_STYLE: flag.default(true),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('MIBI <no-reply@mibi.local>'),
  /** The site's address as users see it: links in e-mails are built from it (links.ts), and https makes the session cookie Secure. */
  PUBLIC_URL: url(['http', 'https']).optional(),
  /**
   * The reverse proxies in front of the server, by address or CIDR range, comma-separated
   * (`10.0.0.0/8, 127.0.0.1, ::1`): X-Forwarded-For and X-Forwarded-Proto count only from them.
   * The client is the rightmost address of the chain (the socket's, then X-Forwarded-For from
   * the right) that is not one of them. Unset: TRUST_PROXY decides.
   */
  TRUSTED_PROXIES: z
    .string()
    .transform((list) => list.split(',').map((entry) => entry.trim()))
    .refine((entries) => entries.every(isAddressOrRange), 'must be IP addresses or CIDR ranges, comma-separated')
    .optional(),
  /**
   * Deprecated in favour of TRUSTED_PROXIES, which cannot be fooled by a client that reaches the
   * server without passing the proxies: how many reverse proxies in front of the server to
   * believe, whoever sent the request. The client address is taken that many hops from the
   * right of X-Forwarded-For, and X-Forwarded-Proto says whether the client used TLS. 0 (the
   * default): the socket's address and the URL Node sees, nothing forwarded.
   */
  TRUST_PROXY: z.coerce
    .number({ error: 'must be a number of proxies' })
    .int('must be a number of proxies')
    .min(0)
    .max(10)
    .default(0),
  /** Development-only routes (the mailbox at /api/dev/mail); never on with NODE_ENV=production. */
  DEV_ROUTES: flag.default(false),
  /** A session not used for this many hours ends. */
  SESSION_IDLE_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive('must be a number of hours')
    .default(72),
  /** A session ends this many days after sign-in, however much it is used. */
  SESSION_MAX_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .positive('must be a number of days')
    .default(30),
  /** Follows HOST unless set: on with a loopback HOST (the local demo), off otherwise; see `withDefaults`. */
  DEMO_DATA: flag.optional(),
  /** Lets DEMO_DATA (and its known passwords) run on a HOST reachable from outside; a warning is printed at start. */
  DEMO_DATA_ON_PUBLIC_HOST: flag.default(false),
  /**
   * The least severe lines logged: fatal, error, warn, info (the default: one line a request
   * among them), debug, trace or silent. platform/log.ts reads it before this module runs.
   */
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  /** `production` refuses DEV_ROUTES (platform/config/deployment.ts); `development` logs readable lines (platform/log.ts). */
  NODE_ENV: z.string().optional(),
  /** New products are verified at once instead of waiting for an admin's review; see `loadConfig`. */
  AUTO_VERIFY: flag.optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(6).max(128).optional(),
  /**
   * 32 bytes as 64 hex digits: the key that encrypts TOTP secrets in the event log. Unset, a key
   * is generated into DATA_DIR/totp.key on first use (right for one process on one disk); set it
   * when API processes run on several machines, or DATA_DIR is not kept. Never change it once
   * users have enrolled: their secrets would no longer open.
   */
  TOTP_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (32 bytes)')
    .optional(),
  /**
   * 32 bytes as 64 hex digits: the key of the pseudonyms analysts see instead of ids
   * (analytics/privacy.ts). Unset, a key is generated into DATA_DIR/analyst.key on first use;
   * set it when processes on several machines answer analysts, so each gives the same
   * pseudonyms. Changing it changes every pseudonym (saved queries and exports then disagree).
   */
  ANALYST_PSEUDONYM_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (32 bytes)')
    .optional(),
  /** The marketplace's commission on sales in categories without a rate of their own, in basis points (1000 is 10%). */
  COMMISSION_BPS: z.coerce
    .number({ error: 'must be a whole number of basis points' })
    .int('must be a whole number of basis points')
    .min(0)
    .max(10_000)
    .default(1000),
  /**
   * MIBI's own GSTIN, on the tax invoices it issues in its own name (its commission to sellers);
   * checked like a seller's at start (api/roles/operator.ts). Unset: the demo's made-up sample
   * with DEMO_DATA, and no invoices of MIBI's own otherwise.
   */
  MIBI_GSTIN: z.string().optional(),
  /** The legal name on MIBI's own invoices. */
  MIBI_LEGAL_NAME: z.string().min(1).default('MIBI Marketplace'),
  /** MIBI's place of business on its own invoices: required with MIBI_GSTIN (api/roles/operator.ts). */
  MIBI_ADDRESS: z.string().trim().min(1).max(200).optional(),
  /** Days after delivery during which a buyer may ask to return items. */
  RETURN_WINDOW_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(0)
    .max(365)
    .default(7),
  /** Minutes during which a seller may undo a move of an order to processing or shipped (0: never). */
  STATUS_UNDO_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(0)
    .max(1440)
    .default(10),
  /** Minutes an order paid online waits for its payment before it expires and its stock returns. */
  PAYMENT_WINDOW_MIN: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(1)
    .max(7 * 1440)
    .default(30),
  /** Sign-ups one client address may make in an hour (five times as many a day): raise it behind a shared address (a campus NAT, the browser tests' server). */
  SIGNUPS_PER_HOUR: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .positive('must be a whole number above 0')
    .default(100),
  /** Seconds between two reconciliation passes of the workers (jobs a lost queue dropped are added again). */
  RECONCILE_EVERY_S: z.coerce
    .number({ error: 'must be a number of seconds' })
    .positive('must be a number of seconds')
    .default(60),
  /**
   * Seconds a process's lease on the projections or a reactor lasts unless renewed (every third of it):
   * when its holder dies, another process takes over within this plus one second.
   */
  LEASE_TTL_S: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0.3, 'must be at least 0.3 seconds')
    .default(6),
  /**
   * The embedded `all` role runs the projections and the workers on a thread of their own beside
   * the API's, using a second core; off, all three share one thread.
   */
  FOLLOWERS_THREAD: flag.default(true),
  /**
   * Razorpay's API key (`rzp_live_...` moves real money, `rzp_test_...` is Razorpay's own test
   * mode), its secret and the webhook secret: all three or none. None: the embedded test gateway
   * (platform/payments/test-gateway/), where no money moves.
   */
  RAZORPAY_KEY_ID: z
    .string()
    .regex(/^rzp_(live|test)_[A-Za-z0-9]+$/, 'must be a Razorpay key id (rzp_live_... or rzp_test_...)')
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8, 'must be the key secret Razorpay showed with the key id').optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8, 'must be the secret set on the webhook in Razorpay').optional(),
  /**
   * A test gateway run on its own (`npm run test-gateway`), whose keys the RAZORPAY_* variables
   * then hold, instead of the one the embedded default starts or api.razorpay.com.
   */
  TEST_GATEWAY_URL: url(['http', 'https']).optional(),
  /**
   * AfterShip's tracking API key and the secret of the webhook set in AfterShip (both or none):
   * couriers' tracking updates come from AfterShip. None: the embedded test courier
   * (platform/couriers/test-courier/), which tells a parcel's steps only when a test asks.
   */
  AFTERSHIP_API_KEY: z.string().min(8, 'must be the API key AfterShip showed').optional(),
  AFTERSHIP_WEBHOOK_SECRET: z.string().min(8, 'must be the secret of the webhook set in AfterShip').optional(),
  /** A test courier run on its own (`npm run test-courier`), whose keys the AFTERSHIP_* variables then hold. */
  TEST_COURIER_URL: url(['http', 'https']).optional(),
  /** Seconds a running job stays claimed without a sign of life; after that (its process died) another worker takes it. */
  JOB_LEASE_S: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(1, 'must be at least 1 second')
    .default(10),
});

/** Every variable the configuration reads (.env.example lists them all: config.test.ts). */
export const CONFIG_VARIABLES = Object.keys(schema.shape);

/**
 * DEMO_DATA follows HOST unless set: the demo (with its known passwords) is the default of a
 * server only this machine reaches, never of one bound to a public interface.
 * AUTO_VERIFY follows DEMO_DATA unless set: the demo marketplace shows its products at once,
 * while a real one keeps new products in the admins' review queue.
 */
const RAZORPAY_KEYS = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;

const withDefaults = schema
  .superRefine((config, context) => {
    const set = RAZORPAY_KEYS.filter((key) => config[key] !== undefined);
    const missing = RAZORPAY_KEYS.find((key) => config[key] === undefined);
    if (set.length > 0 && missing) {
      context.addIssue({
        code: 'custom',
        path: [missing],
        message: `must be set with ${set.join(' and ')} (all three or none)`,
      });
    }
    if (config.TEST_GATEWAY_URL && missing) {
      context.addIssue({
        code: 'custom',
        path: [missing],
        message: 'must be set with TEST_GATEWAY_URL: the keys that test gateway was started with',
      });
    }
  })
  .superRefine((config, context) => {
    const keys = ['AFTERSHIP_API_KEY', 'AFTERSHIP_WEBHOOK_SECRET'] as const;
    const missing = keys.find((key) => config[key] === undefined);
    if (missing && (config.TEST_COURIER_URL || keys.some((key) => config[key] !== undefined))) {
      const other = keys.find((key) => key !== missing)!;
      context.addIssue({
        code: 'custom',
        path: [missing],
        message: config.TEST_COURIER_URL
          ? 'must be set with TEST_COURIER_URL: the keys that test courier was started with'
          : `must be set with ${other} (both or none)`,
      });
    }
  })
  .refine((config) => !(config.TRUSTED_PROXIES && config.TRUST_PROXY > 0), {
    path: ['TRUST_PROXY'],
    message: 'must not be set with TRUSTED_PROXIES (which replaces it)',
  })
  .transform(({ AUTO_VERIFY, DEMO_DATA, ...config }) => {
    const demo = DEMO_DATA ?? isLoopbackHost(config.HOST);
    return { ...config, DEMO_DATA: demo, AUTO_VERIFY: AUTO_VERIFY ?? demo };
  });

export type Config = z.output<typeof withDefaults>;

/** An IPv4 or IPv6 address, or a CIDR range of either (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUSTED_PROXIES as a list node:net can check addresses against (entries validated by the config). */
export function proxyBlockList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment; empty strings count as unset. Throws ConfigError naming the first bad
 * variable and never its value, which may be a secret (TOTP_KEY, a URL with a password).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = withDefaults.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    throw new ConfigError(variable, issue.message);
  }
  return parsed.data;
}
