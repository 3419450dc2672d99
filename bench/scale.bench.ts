// Whether every member and operator call costs the same at 100,000 members as at 1,000 (decision
// 145): every size's PostgreSQL database is created, migrated and seeded in SQL first (a third of the
// members subscribed, two charges each, one member with 1,000 charges; bench/scale-site.ts), each with
// the app over it in this process, and dropped at the end. Then each call is measured interleaved:
// ROUNDS rounds, each a block of calls on every size, the sizes' order turned by one each round, so a
// change of the machine's load while the bench runs falls on every size alike instead of on whichever
// size ran last (decision 178). The calls go through the real app (Fastify's inject, no sockets), so
// the server's CPU per call is this process's main thread's over the rounds' blocks;
// PostgreSQL's own CPU is not in it. Prints the p50 and the CPU of each call per size and the ratio of
// the largest size to the smallest against the goal (at most 1.5). Asserts nothing.
//   npm run bench:scale            (or: node bench/scale.bench.ts --sizes 1000,10000 --database-url postgres://…)
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { findUserByEmail } from '../server/accounts/accounts.repository.ts';
import { DEMO_TRAINER_ID } from '../server/db/seed.ts';
import { advanceClock } from '../server/sandbox/sandbox-clock.ts';
import { ADMIN_TOKEN, explain, openSite, type Site } from './scale-site.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    /** Calls of each kind per size. */
    calls: { type: 'string', default: '200' },
    /** Subscriptions falling due at once. */
    renewals: { type: 'string', default: '500' },
    /** Rounds each call's measure is cut into, each a block of calls on every size. */
    rounds: { type: 'string', default: '10' },
    /** Only the calls whose names contain one of these, comma-separated ("login,member view"). */
    only: { type: 'string' },
    /**
     * Every table and index loaded into PostgreSQL's shared buffers before measuring (pg_prewarm):
     * whether what grows at 100,000 is the buffers' misses.
     */
    prewarm: { type: 'boolean', default: false },
  },
});
const sizes = values.sizes.split(',').map(Number);
const CALLS = Number(values.calls);
const RENEWALS = Number(values.renewals);
const ROUNDS = Number(values.rounds);
const admin = { 'admin-token': ADMIN_TOKEN, 'admin-actor': 'Scale bench' };
const list = `/api/admin/trainers/${DEMO_TRAINER_ID}/members`;

interface Figure {
  p50: number;
  cpu: number;
  errors: number;
  /** Calls made and the wall time of their blocks, summed. */
  calls: number;
  seconds: number;
}

interface Kind {
  name: string;
  /** Calls per size. */
  count(site: Site): number;
  /** False for the calls that cannot repeat (a refund, a renewal): no unmeasured calls first. */
  warm: boolean;
  call(site: Site, i: number): Promise<boolean>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const load = () => loadavg()[0]?.toFixed(1) ?? '?';

/** A random member of the size: the same choice on every size, drawn afresh on each call. */
const randomMember = (site: Site) => 1 + Math.floor(Math.random() * site.size);

async function get(site: Site, url: string, headers: Record<string, string> = {}): Promise<boolean> {
  return (await site.app.inject({ method: 'GET', url, headers })).statusCode === 200;
}

/**
 * Calls per size of the kinds under half a millisecond of CPU: a block of 20 such calls is 2-3 of
 * the kernel's ticks of CPU time (see cpuPerCall), too few to be read to a tenth.
 */
const CHEAP_CALLS = 5 * CALLS;

/** The second page's cursor, per size. */
const cursors = new Map<Site, string>();

const kinds: Kind[] = [
  {
    name: 'member view',
    count: () => CALLS,
    warm: true,
    call: (site, i) => get(site, '/api/user', { token: site.tokens[i % site.tokens.length] as string }),
  },
  {
    name: "login's lookup",
    count: () => CHEAP_CALLS,
    warm: true,
    call: async (site) =>
      Boolean(
        await findUserByEmail(site.context.db, DEMO_TRAINER_ID, `SEED${randomMember(site)}@example.test`),
      ),
  },
  {
    name: 'catalogue',
    count: () => CHEAP_CALLS,
    warm: true,
    call: (site) => get(site, `/api/trainer/${DEMO_TRAINER_ID}/products`),
  },
  {
    name: 'operator list, page 1',
    count: () => CALLS,
    warm: true,
    call: (site) => get(site, `${list}?limit=50`, admin),
  },
  {
    name: 'operator list, page N',
    count: () => CALLS,
    warm: true,
    call: (site) => get(site, `${list}?limit=50&cursor=${cursors.get(site) ?? ''}`, admin),
  },
  {
    name: 'operator search',
    count: () => CALLS,
    warm: true,
    call: (site) => get(site, `${list}?q=seed${randomMember(site)}`, admin),
  },
  {
    name: 'member by email',
    count: () => CALLS,
    warm: true,
    call: (site) => get(site, `${list}?q=seed${randomMember(site)}@example.test`, admin),
  },
  {
    // Each refund a different member's charge outside any invoice.
    name: 'refund',
    count: () => Math.min(CALLS, 50),
    warm: false,
    call: async (site, i) => {
      const charge = `ch2seed${1 + Math.floor((i * site.size) / Math.min(CALLS, 50))}`;
      const res = await site.app.inject({
        method: 'POST',
        url: `/api/admin/trainers/${DEMO_TRAINER_ID}/charges/${charge}/refund`,
        headers: admin,
        payload: {},
      });
      if (res.statusCode !== 200 && i === 0) console.log(`refund answered ${res.statusCode}: ${res.body}`);
      return res.statusCode === 200;
    },
  },
  {
    // RENEWALS subscriptions falling due at once: each member's clock moved past their period's end.
    name: 'renewal',
    count: (site) => Math.min(RENEWALS, Math.ceil(site.size / 3)),
    warm: false,
    call: async (site, i) => {
      const result = await advanceClock(
        site.context.payments.processor,
        `usr_seed_${1 + 3 * i}`,
        7 * 24 * 3600 * 1000,
      );
      return result.events.length > 0;
    },
  },
];

/**
 * CPU per call over the middle half of a size's blocks (ranked by CPU per call). Not the median
 * block: the kernel moves a thread's CPU time forward at its scheduler's tick (4 ms here) or when
 * the thread sleeps, so a block of calls that never wait on the database (the catalogue's, answered
 * from memory) reads whole ticks, and one block's figure is that coarse; the mean of several is
 * not. Not the mean of all: on a loaded machine a few blocks take bursts (the collector, the
 * machine's other work slowing the thread) that one size's blocks would take and another's not.
 */
function cpuPerCall(blocks: { cpu: number; calls: number }[]): number {
  const sorted = [...blocks].sort((a, b) => a.cpu / a.calls - b.cpu / b.calls);
  const quarter = Math.floor(sorted.length / 4);
  const kept = sorted.slice(quarter, sorted.length - quarter);
  const calls = kept.reduce((sum, b) => sum + b.calls, 0);
  return calls ? kept.reduce((sum, b) => sum + b.cpu, 0) / calls : 0;
}

/**
 * One call's figures on every size. The CPU is the main thread's (`process.threadCpuUsage`), where
 * the app runs a request: the process's figure also counted V8's collector threads (decision 178).
 * Each round runs a block of calls on every size, starting with a different size each round; a
 * size's p50 is that of all its calls' times.
 */
async function measure(kind: Kind, sites: Site[]): Promise<Figure[]> {
  const n = sites.map((site) => kind.count(site));
  const times = sites.map((): number[] => []);
  const blocks = sites.map((): { cpu: number; calls: number }[] => []);
  const figures = sites.map((): Figure => ({ p50: 0, cpu: 0, errors: 0, calls: 0, seconds: 0 }));
  // A few calls first, unmeasured, on every size: the collector's work left by the call measured
  // before, or by the seeding, would otherwise be counted as this call's CPU.
  if (kind.warm)
    for (const [s, site] of sites.entries())
      for (let i = 0; i < Math.min(20, n[s] ?? 0); i++) await kind.call(site, i).catch(() => false);
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < sites.length; k++) {
      const s = (round + k) % sites.length;
      const site = sites[s] as Site;
      const figure = figures[s] as Figure;
      const perRound = Math.ceil((n[s] ?? 0) / ROUNDS);
      const first = round * perRound;
      const last = Math.min(n[s] ?? 0, first + perRound);
      if (first >= last) continue;
      const cpu0 = process.threadCpuUsage();
      const wall0 = performance.now();
      for (let i = first; i < last; i++) {
        const start = performance.now();
        if (!(await kind.call(site, i).catch(() => false))) figure.errors++;
        times[s]?.push(performance.now() - start);
      }
      const cpu = process.threadCpuUsage(cpu0);
      figure.seconds += (performance.now() - wall0) / 1000;
      figure.calls += last - first;
      blocks[s]?.push({ cpu: (cpu.user + cpu.system) / 1000, calls: last - first });
    }
  }
  return figures.map((f, s) => ({ ...f, p50: median(times[s] ?? []), cpu: cpuPerCall(blocks[s] ?? []) }));
}

/** The main thread's CPU while every size's app waits, in ms per second. */
async function idleCpu(seconds: number): Promise<number> {
  const cpu0 = process.threadCpuUsage();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const cpu = process.threadCpuUsage(cpu0);
  return (cpu.user + cpu.system) / 1000 / seconds;
}

const sites: Site[] = [];
try {
  for (const size of sizes) sites.push(await openSite(values['database-url'], size, CALLS));
  for (const site of sites) {
    const first = (
      await site.app.inject({ method: 'GET', url: `${list}?limit=50`, headers: admin })
    ).json() as {
      nextCursor?: string | null;
    };
    cursors.set(site, first.nextCursor ?? '');
  }
  // The seeding's dirty pages written now, not by the first calls that need their buffers.
  const superuser = new pg.Client({ connectionString: values['database-url'] });
  await superuser.connect();
  await superuser.query('checkpoint');
  await superuser.end();
  if (values.prewarm)
    for (const site of sites) {
      await site.client.query('create extension if not exists pg_prewarm');
      const { rows } = await site.client.query<{ pages: string; bytes: string }>(
        `select sum(pg_prewarm(c.oid)) as pages, pg_size_pretty(sum(pg_relation_size(c.oid))) as bytes
           from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'i')`,
      );
      console.log(
        `prewarmed: ${site.size} members, ${rows[0]?.pages} pages (${rows[0]?.bytes}), every table and index`,
      );
    }
  await explain(sites, values.prewarm ? 'seeded, every relation prewarmed' : 'seeded');
  console.log(
    `\nthe app idle, every size open and seeded: ${(await idleCpu(5)).toFixed(3)} ms of CPU a second (load ${load()})`,
  );
  const results = new Map<string, Figure[]>();
  const only = values.only?.split(',');
  for (const kind of kinds.filter((k) => !only || only.some((name) => k.name.includes(name)))) {
    const loadBefore = load();
    const figures = await measure(kind, sites);
    results.set(kind.name, figures);
    const cells = figures.map((f, s) => `${sites[s]?.size}: ${f.p50.toFixed(2)}/${f.cpu.toFixed(2)} ms`);
    const errors = figures.reduce((sum, f) => sum + f.errors, 0);
    console.log(
      `${kind.name.padEnd(24)} p50/CPU ${cells.join(', ')}  (load ${loadBefore} → ${load()})${errors ? `  errors ${errors}` : ''}`,
    );
  }
  for (const [s, f] of (results.get('renewal') ?? []).entries())
    console.log(
      `renewals at ${sites[s]?.size}: ${f.calls} in ${f.seconds.toFixed(1)} s of their blocks, ${(f.calls / f.seconds).toFixed(1)} a second`,
    );
  await explain(sites, 'after the calls');
  console.log(
    `\nthe app idle after the calls: ${(await idleCpu(5)).toFixed(3)} ms of CPU a second (load ${load()})`,
  );
  if (sites.length > 1) {
    const header = `${'call'.padEnd(24)}${sizes.map((s) => `${`p50 ${s}`.padStart(14)}${`CPU ${s}`.padStart(13)}`).join('')}  p50 ratio  CPU ratio  (goal <= 1.5)`;
    console.log(`\n${header}`);
    for (const [call, figures] of results) {
      const cells = figures
        .map((f) => `${f.p50.toFixed(2).padStart(11)} ms${f.cpu.toFixed(2).padStart(10)} ms`)
        .join('');
      const [smallest, largest] = [figures[0], figures.at(-1)];
      const p50 = (largest?.p50 ?? 0) / (smallest?.p50 ?? 1);
      const cpu = (largest?.cpu ?? 0) / (smallest?.cpu ?? 1);
      const flag = (r: number) => (r <= 1.5 ? ' ' : '!');
      console.log(
        `${call.padEnd(24)}${cells}  ${p50.toFixed(2).padStart(8)}${flag(p50)} ${cpu.toFixed(2).padStart(8)}${flag(cpu)}`,
      );
    }
  }
} finally {
  for (const site of sites) await site.close().catch((error: Error) => console.error(error.message));
}
process.exit(0);
