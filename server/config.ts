// Configuration comes only from the environment and is validated once at start, so a bad value
// stops the server with a message that names the variable instead of failing on first use.
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { VIDEO_PROVIDERS } from '../domain/video.ts';

const port = z.coerce.number().int().min(0).max(65535);

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    // This machine only, as Vite serves: the dev mailbox shows every reset link to whoever reaches the
    // port. A container or a server behind a proxy on another machine sets HOST=0.0.0.0.
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: port.default(3000),
    DATA_DIR: z.string().min(1).default('.data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Unset: readable lines on a terminal outside production, JSON elsewhere (server/http/logging.ts).
    LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
    DIST_DIR: z.string().min(1).default('dist'),
    // Stripe is the payment gateway when its secret key is set; the sandbox gateway otherwise.
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_… or rk_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
    // Test-only: sends the Stripe SDK's requests to a local stub instead of api.stripe.com.
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    SANITY_PROJECT_ID: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'a Sanity project id has only lower-case letters, digits and dashes')
      .optional(),
    SANITY_DATASET: z.string().min(1).default('production'),
    SANITY_TOKEN: z.string().min(1).optional(),
    CONTENT_DIR: z.string().min(1).default('content'),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).default('Trainer site <no-reply@localhost>'),
    // How soon a delivery cut off by a crash is tried again, whichever instance is left to do it.
    MAIL_RETRY_SECONDS: z.coerce.number().int().min(30).max(3600).default(60),
    // scrypt's cost is N = 2^PASSWORD_HASH_LOG2_COST. Only tests lower it: production refuses less than 17.
    PASSWORD_HASH_LOG2_COST: z.coerce.number().int().min(4).max(20).default(17),
    // Requests per client address per window on each of the calls in rate-limit.ts.
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    // Signs the device cookies of decision 094. The same on every instance, so that a device trusted
    // by one is trusted by all; without it each process draws its own at start.
    DEVICE_COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    // Which peers may name the client in X-Forwarded-For: a hop count, or a comma-separated list of
    // proxy addresses or CIDR ranges. Off by default, so the header cannot be forged to dodge limits.
    TRUST_PROXY: z
      .string()
      .regex(
        /^(\d{1,2}|[0-9a-fA-F:./]+(\s*,\s*[0-9a-fA-F:./]+)*)$/,
        'must be a hop count (1, 2…) or a comma-separated list of proxy addresses or CIDR ranges',
      )
      .optional(),
    // Turns on the operator's admin API (decision 117); without it every admin path answers 404. A
    // long random secret (openssl rand -base64 32), the same on every instance.
    ADMIN_TOKEN: z
      .string()
      .min(
        32,
        'must be at least 32 characters: a long random secret, such as `openssl rand -base64 32` prints',
      )
      .max(256, 'must be at most 256 characters')
      .optional(),
    // Shared rate-limit counters for several instances (decision 071); process memory without it.
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    // How long an instance serves its copy of a trainer's catalogue, and browsers theirs (decision 081).
    CATALOGUE_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(300).default(15),
    // How long an instance may answer GET /api/user from what it read for the same session, unless
    // one of its own writes changed the member first (decision 097). 0 reads the database every time.
    MEMBER_VIEW_MAX_AGE_MS: z.coerce.number().int().min(0).max(10_000).default(2000),
    // Deadlines on every dependency (decision 093): a call that gets no answer in time fails, and the
    // request answers 503 (502 for Stripe) instead of waiting on a network that dropped its packets.
    // A Redis command; a connection that stays silent as long is replaced.
    REDIS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
    // Waiting for a PostgreSQL connection (a free one in the pool, or a new one), and a query.
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
    DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    // Each SMTP step (connecting, the greeting, any silence after), each Stripe attempt, each CMS read.
    SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(8000),
    SANITY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    // How long a stopping server lets requests in flight finish before it exits anyway.
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(10),
    // The embedded services (decision 070). The release stage decides whether errors are reported.
    RELEASE_STAGE: z
      .string()
      .regex(/^[a-z][a-z0-9-]*$/, 'must be a release stage name such as production, staging or development')
      .default('development'),
    BUGSNAG_API_KEY: z
      .string()
      .regex(/^[0-9a-f]{32}$/, 'must be a Bugsnag project API key (32 hexadecimal characters)')
      .optional(),
    // An on-premise Bugsnag: both endpoints, or neither (bugsnag.com).
    BUGSNAG_NOTIFY_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    BUGSNAG_SESSIONS_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    BRAZE_API_KEY: z
      .string()
      .regex(/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i, 'must be a Braze Web SDK API key (a UUID)')
      .optional(),
    // The SDK endpoint of the Braze cluster, such as sdk.iad-01.braze.com.
    BRAZE_BASE_URL: z
      .string()
      .regex(
        /^(https:\/\/)?[a-z0-9.-]+\.[a-z]{2,}(:\d+)?\/?$/i,
        'must be the host name of a Braze SDK endpoint, such as sdk.iad-01.braze.com',
      )
      .optional(),
    GA_MEASUREMENT_ID: z
      .string()
      .regex(/^G-[A-Z0-9]{4,16}$/, 'must be a Google Analytics 4 measurement id (G-…)')
      .optional(),
    // The one video provider the members' content plays (decision 137); unset, videos show their poster.
    VIDEO_PROVIDER: z
      .enum(VIDEO_PROVIDERS, { error: `must be one of ${VIDEO_PROVIDERS.join(', ')}, or unset` })
      .optional(),
    // Mux signed playback: a signing key's id and its private key, base64 as Mux hands it out.
    MUX_SIGNING_KEY_ID: z
      .string()
      .regex(/^[A-Za-z0-9]{10,64}$/, 'must be the id of a Mux signing key (letters and digits)')
      .optional(),
    MUX_SIGNING_KEY: z
      .string()
      .refine((value) => muxSigningKey(value) !== undefined, {
        message: 'must be the private key of a Mux signing key, base64-encoded as Mux gives it',
      })
      .optional(),
  })
  .refine((c) => !c.MUX_SIGNING_KEY_ID === !c.MUX_SIGNING_KEY, {
    path: ['MUX_SIGNING_KEY'],
    message: 'MUX_SIGNING_KEY_ID and MUX_SIGNING_KEY go together: set both or neither',
  })
  .refine((c) => !c.MUX_SIGNING_KEY || c.VIDEO_PROVIDER === 'mux', {
    path: ['MUX_SIGNING_KEY'],
    message: 'signs Mux playback only: set VIDEO_PROVIDER=mux, or leave the Mux keys unset',
  })
  .refine((c) => !c.BUGSNAG_NOTIFY_ENDPOINT === !c.BUGSNAG_SESSIONS_ENDPOINT, {
    path: ['BUGSNAG_SESSIONS_ENDPOINT'],
    message: 'BUGSNAG_NOTIFY_ENDPOINT and BUGSNAG_SESSIONS_ENDPOINT go together: set both or neither',
  })
  .refine((c) => !c.BRAZE_API_KEY === !c.BRAZE_BASE_URL, {
    path: ['BRAZE_BASE_URL'],
    message: 'BRAZE_API_KEY and BRAZE_BASE_URL go together: set both or neither',
  })
  .refine((c) => !c.STRIPE_SECRET_KEY || c.STRIPE_WEBHOOK_SECRET, {
    path: ['STRIPE_WEBHOOK_SECRET'],
    message: 'is required when STRIPE_SECRET_KEY is set: Stripe events could not be verified without it',
  });

/** A Mux signing key as Mux hands it out, a base64 PEM RSA private key; undefined when it is not one. */
export function muxSigningKey(base64: string): KeyObject | undefined {
  try {
    const key = createPrivateKey(Buffer.from(base64, 'base64').toString('utf8'));
    return key.asymmetricKeyType === 'rsa' ? key : undefined;
  } catch {
    return undefined;
  }
}

export type Config = z.infer<typeof schema> & {
  publicUrl: string;
  /**
   * The dev mailbox and the sandbox clock: only when emails stay in the outbox and never in
   * production, since the mailbox shows every reset link to whoever asks.
   */
  devPages: boolean;
  /** The flows to try (docs/site) at /docs: outside production only. */
  docsSite: boolean;
};

export class ConfigError extends Error {}

/** Every variable the server reads: the guide to deploying (docs/deploy.md) names each one. */
export const CONFIG_VARIABLES = Object.keys(schema.shape) as readonly (keyof z.infer<typeof schema>)[];

const URL_EXAMPLES: Record<string, string> = {
  DATABASE_URL: 'postgres://user:password@db.example:5432/site',
  REDIS_URL: 'redis://cache.example:6379',
  SMTP_URL: 'smtps://user:password@smtp.example:465',
};

/**
 * Zod's own words for the checks no variable words itself ("expected number, received NaN"), said
 * as the person editing the file reads them: what the value must be, and what it was.
 */
function readableIssue(issue: z.core.$ZodRawIssue, env: NodeJS.ProcessEnv): string | undefined {
  const raw = env[String(issue.path?.[0])];
  const was = raw === undefined ? '' : `, not "${raw}"`;
  if (issue.code === 'invalid_type' && issue.expected === 'number') return `must be a whole number${was}`;
  if (issue.code === 'too_small' && issue.origin === 'number')
    return `must be at least ${issue.minimum}${was}`;
  if (issue.code === 'too_big' && issue.origin === 'number') return `must be at most ${issue.maximum}${was}`;
  if (issue.code === 'invalid_type' && issue.expected === 'int') return `must be a whole number${was}`;
  // A URL may hold a password: it is not repeated.
  if (issue.code === 'invalid_format' && issue.format === 'url') {
    const example = URL_EXAMPLES[String(issue.path?.[0])] ?? 'https://coach.example';
    return `must be a URL, such as ${example}`;
  }
  if (issue.code === 'invalid_value') return `must be one of ${issue.values.join(', ')}${was}`;
  return undefined;
}

/** A variable the server would not start with, and why. */
export interface ConfigProblem {
  variable: string;
  message: string;
}

export type ConfigCheck = { config: Config; problems: [] } | { config: undefined; problems: ConfigProblem[] };

/**
 * The configuration the environment gives, or every problem that keeps the server from starting with
 * it: the one validation, which the server runs at start (loadConfig) and `trainer doctor` runs on
 * an environment or an env file before a deploy.
 */
export function checkConfig(env: NodeJS.ProcessEnv = process.env): ConfigCheck {
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(given, { error: (issue) => readableIssue(issue, given) });
  if (!parsed.success) {
    return {
      config: undefined,
      problems: parsed.error.issues.map((i) => ({ variable: i.path.join('.'), message: i.message })),
    };
  }
  const c = parsed.data;
  const problems: ConfigProblem[] = [];
  if (c.NODE_ENV === 'production' && c.PASSWORD_HASH_LOG2_COST < 17) {
    problems.push({
      variable: 'PASSWORD_HASH_LOG2_COST',
      message: 'must be at least 17 in production (lower values are for tests)',
    });
  }
  if (c.NODE_ENV === 'production' && !c.STRIPE_SECRET_KEY) {
    problems.push({
      variable: 'STRIPE_SECRET_KEY',
      message:
        'is required in production, with STRIPE_WEBHOOK_SECRET ' +
        '(without them the sandbox gateway would sell every plan for the public test card)',
    });
  }
  if (c.NODE_ENV === 'production' && c.VIDEO_PROVIDER === 'mux' && !c.MUX_SIGNING_KEY) {
    problems.push({
      variable: 'MUX_SIGNING_KEY',
      message:
        'is required in production with VIDEO_PROVIDER=mux, with MUX_SIGNING_KEY_ID ' +
        '(without signed playback, anyone with a playback id could watch the members-only videos)',
    });
  }
  if (problems.length > 0) return { config: undefined, problems };
  return {
    config: {
      ...c,
      devPages: c.NODE_ENV !== 'production' && !c.SMTP_URL,
      docsSite: c.NODE_ENV !== 'production',
      publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    },
    problems: [],
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { config, problems } = checkConfig(env);
  if (!config) {
    const lines = problems.map((p) => `  ${p.variable}: ${p.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return config;
}

/** Whether the site's public address is https: its cookies then travel over HTTPS only. */
export function servedOverHttps(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https:');
}
