// `trainer doctor`: a live site's configuration checked before it is deployed (docs/deploy.md). What
// the server refuses to start with comes from the server's own validation (checkConfig in
// server/config.ts), run as production runs it; the rest are warnings: settings a server starts with
// but a live site should not have. Nothing here connects to anything.
import { type Config, checkConfig } from '../server/config.ts';

export type Level = 'ok' | 'warn' | 'fail';

export interface Finding {
  level: Level;
  check: string;
  detail: string;
}

export interface DoctorOptions {
  /** How many server processes will share the configuration (behind one address). */
  instances: number;
}

type Env = Record<string, string | undefined>;
/** A finding, or null when another finding already says it. */
type Rule = (config: Config, env: Env, options: DoctorOptions) => Finding | null;

const ok = (check: string, detail: string): Finding => ({ level: 'ok', check, detail });
const warn = (check: string, detail: string): Finding => ({ level: 'warn', check, detail });
const fail = (check: string, detail: string): Finding => ({ level: 'fail', check, detail });

/** Set, and not blank (the server reads a blank variable as unset too). */
const has = (env: Env, name: string) => (env[name] ?? '') !== '';

export const RULES: Record<string, Rule> = {
  environment: (c) =>
    c.NODE_ENV === 'production'
      ? ok('NODE_ENV', 'production')
      : warn(
          'NODE_ENV',
          `${c.NODE_ENV}: a live site runs with NODE_ENV=production (HTTPS-only admin API, full password cost, no dev pages)`,
        ),
  publicUrl: (c) => {
    if (!c.PUBLIC_URL) {
      return warn(
        'PUBLIC_URL',
        `not set: links in emails and Stripe's return pages would point at ${c.publicUrl}`,
      );
    }
    return c.publicUrl.startsWith('https://')
      ? ok('PUBLIC_URL', c.publicUrl)
      : warn(
          'PUBLIC_URL',
          `${c.publicUrl} is not https: members' tokens and the admin token would cross the network in clear`,
        );
  },
  // The server speaks plain HTTP only, so an https address means a proxy in front of it.
  trustProxy: (c) => {
    if (c.TRUST_PROXY) return ok('TRUST_PROXY', c.TRUST_PROXY);
    return c.publicUrl.startsWith('https://')
      ? warn(
          'TRUST_PROXY',
          'not set behind the proxy that serves https: rate limits would count every member as the proxy, and the admin API would refuse the requests as plain HTTP',
        )
      : ok('TRUST_PROXY', 'not set (no proxy named)');
  },
  database: (c, _env, { instances }) => {
    if (c.DATABASE_URL) return ok('DATABASE_URL', `PostgreSQL at ${new URL(c.DATABASE_URL).host}`);
    return instances > 1
      ? fail(
          'DATABASE_URL',
          `not set with ${instances} instances: each would keep its own embedded database in DATA_DIR`,
        )
      : warn(
          'DATABASE_URL',
          `not set: an embedded database in ${c.DATA_DIR}, for one instance; a live site uses PostgreSQL`,
        );
  },
  redis: (c, _env, { instances }) => {
    if (c.REDIS_URL) return ok('REDIS_URL', 'shared rate limits and catalogue changes');
    return instances > 1
      ? warn(
          'REDIS_URL',
          `not set with ${instances} instances: each counts its own rate limits (${instances} times the limit) and hears of catalogue changes only when its copy expires`,
        )
      : ok('REDIS_URL', 'not set (one instance needs none)');
  },
  deviceCookies: (c, _env, { instances }) =>
    c.DEVICE_COOKIE_SECRET || instances === 1
      ? ok('DEVICE_COOKIE_SECRET', c.DEVICE_COOKIE_SECRET ? 'set' : 'not set (one instance draws its own)')
      : warn(
          'DEVICE_COOKIE_SECRET',
          `not set with ${instances} instances: a device trusted by one instance is a stranger to the others`,
        ),
  smtp: (c) =>
    c.SMTP_URL
      ? ok('SMTP_URL', `mail sent through ${new URL(c.SMTP_URL).host}`)
      : warn(
          'SMTP_URL',
          'not set: no email leaves the server (password resets, receipts stay in the outbox)',
        ),
  mailFrom: (c, env) =>
    has(env, 'MAIL_FROM')
      ? ok('MAIL_FROM', c.MAIL_FROM)
      : warn('MAIL_FROM', `not set: emails come from ${c.MAIL_FROM}, which mail servers reject`),
  devPages: (c) =>
    c.devPages
      ? warn(
          'dev pages',
          'the dev mailbox and sandbox clock are on: the mailbox shows every reset link to whoever asks',
        )
      : ok('dev pages', 'off'),
  stripe: (c) => {
    // Production refuses to start without it, which the refusals already say.
    if (!c.STRIPE_SECRET_KEY) return null;
    if (c.STRIPE_API_URL)
      return warn('STRIPE_API_URL', `set: Stripe's requests go to ${c.STRIPE_API_URL}, a test stub`);
    const live = c.STRIPE_SECRET_KEY.includes('_live_');
    return live || c.NODE_ENV !== 'production'
      ? ok(
          'STRIPE_SECRET_KEY',
          `a ${live ? 'live' : 'test'} mode key; run \`trainer stripe check\` against the running server`,
        )
      : warn('STRIPE_SECRET_KEY', 'a test mode key in production: no member is really charged');
  },
  sanity: (c) => {
    if (!c.SANITY_PROJECT_ID) {
      return warn(
        'SANITY_PROJECT_ID',
        `not set: the site's content comes from the files in ${c.CONTENT_DIR}, not Sanity`,
      );
    }
    return ok('SANITY_PROJECT_ID', `${c.SANITY_PROJECT_ID}, dataset ${c.SANITY_DATASET}`);
  },
  adminToken: (c) => {
    if (!c.ADMIN_TOKEN)
      return warn(
        'ADMIN_TOKEN',
        'not set: the admin API is off, and `npm run trainer` cannot reach the server',
      );
    // Long enough for the server (32) can still be guessable: a word repeated, a run of one key.
    return new Set(c.ADMIN_TOKEN).size < 16
      ? warn('ADMIN_TOKEN', 'uses fewer than 16 different characters: draw it with `openssl rand -base64 32`')
      : ok('ADMIN_TOKEN', `set (${c.ADMIN_TOKEN.length} characters)`);
  },
};

/**
 * The environment with the refused variables unset, as the server would read it were they fixed: the
 * other checks still run on it, so one run shows the whole checklist rather than the refusals alone.
 * A variable refused only beside another (STRIPE_WEBHOOK_SECRET without a valid key) comes out too.
 */
function withoutRefused(env: Env, refused: Set<string>): Env {
  let rest = env;
  for (let round = 0; round < 5; round += 1) {
    rest = Object.fromEntries(Object.entries(env).filter(([name]) => !refused.has(name)));
    // As tests read it: what production alone refuses (a missing key) is said apart, below.
    const { problems } = checkConfig({ ...rest, NODE_ENV: 'test' });
    if (problems.length === 0) break;
    for (const problem of problems) refused.add(problem.variable);
  }
  return rest;
}

/** The configuration the rules read: the server's, or the one the fixed environment would give. */
function readable(env: Env): Config | undefined {
  const given = checkConfig(env).config;
  if (given) return given;
  const asTest = checkConfig({ ...env, NODE_ENV: 'test' }).config;
  if (!asTest) return undefined;
  const nodeEnv = (env.NODE_ENV as Config['NODE_ENV'] | undefined) ?? 'development';
  return { ...asTest, NODE_ENV: nodeEnv, devPages: nodeEnv !== 'production' && !asTest.SMTP_URL };
}

/**
 * Every finding for the configuration: what the server refuses and what production refuses first
 * (fail), then each rule on the configuration as the server would read it, all in one run; a refused
 * variable's own rule is left out, its refusal says it.
 */
export function doctor(env: Env, options: DoctorOptions): Finding[] {
  const given = checkConfig(env);
  const refused = new Set(given.problems.map((p) => p.variable));
  const rest = given.config ? env : withoutRefused(env, new Set(refused));
  const asProduction = checkConfig({ ...rest, NODE_ENV: 'production' });
  const said = new Set(given.problems.map((p) => `${p.variable}: ${p.message}`));
  const findings = [
    ...given.problems.map((p) => fail(p.variable, `${p.message} (the server will not start)`)),
    ...asProduction.problems
      .filter((p) => !said.has(`${p.variable}: ${p.message}`) && !refused.has(p.variable))
      .map((p) => fail(p.variable, `${p.message} (a production server will not start)`)),
  ];
  const config = readable(rest);
  if (!config) return findings;
  const checked = Object.values(RULES)
    .map((rule) => rule(config, rest, options))
    .filter((f): f is Finding => f !== null && !refused.has(f.check));
  return [...findings, ...checked];
}

/** 0 when nothing failed (nor warned, when strict); 4 otherwise. */
export function doctorExitCode(findings: readonly Finding[], strict: boolean): 0 | 4 {
  const failing = findings.some((f) => f.level === 'fail' || (strict && f.level === 'warn'));
  return failing ? 4 : 0;
}
