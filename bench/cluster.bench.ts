// Throughput and latency of the catalogue and get-user calls with one and with three instances on
// one PostgreSQL database (and Redis for the limits when it answers), the client spreading requests
// round-robin as a load balancer would. Prints the two side by side; asserts nothing.
//   npm run bench:cluster   (or: node bench/cluster.bench.ts --seconds 5 --concurrency 32)
// Needs PostgreSQL: TEST_DATABASE_URL, or the machine's at 127.0.0.1:5432 (database `test`).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort, waitFor } from './local-server.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, concurrency: { type: 'string', default: '32' } },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(query);
  await client.end();
}

/** Whether something listens on Redis's port here. */
function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = new Socket();
    probe.setTimeout(500);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
    probe.once('timeout', () => {
      probe.destroy();
      resolve(false);
    });
    probe.connect(6379, '127.0.0.1');
  });
}

async function start(
  databaseUrl: string,
  redisUrl: string | undefined,
): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      LOG_LEVEL: 'silent',
      DIST_DIR: 'does-not-exist',
      RATE_LIMIT_MAX: '1000000',
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/ready`);
  return { child, base };
}

interface Figures {
  rate: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(bases: string[], request: (base: string) => Promise<Response>): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  let turn = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const base = bases[turn++ % bases.length] as string;
        const started = performance.now();
        const res = await request(base);
        await res.arrayBuffer();
        latencies.push(performance.now() - started);
        if (!res.ok) errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rate: latencies.length / seconds, p50: at(0.5), p99: at(0.99), errors };
}

const name = `bench_${randomBytes(6).toString('hex')}`;
await admin(`create database ${name}`);
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
const redisUrl = (await redisAnswers()) ? 'redis://127.0.0.1:6379/9' : undefined;
const servers: ChildProcess[] = [];
try {
  const instances = [];
  for (let i = 0; i < 3; i++) {
    const started = await start(databaseUrl, redisUrl);
    servers.push(started.child);
    instances.push(started.base);
  }
  const first = instances[0] as string;
  const registered = await fetch(`${first}/api/user/register?gateway=true`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench',
      email: `bench-${Date.now()}@example.com`,
      password: 'a long enough password',
      trainerID: 'demo-trainer',
    }),
  });
  const { token } = (await registered.json()) as { token: string };
  const scenarios: [string, (base: string) => Promise<Response>][] = [
    ['GET /api/trainer/{id}/products', (base) => fetch(`${base}/api/trainer/demo-trainer/products`)],
    ['GET /api/user', (base) => fetch(`${base}/api/user?gateway=true`, { headers: { token } })],
  ];
  console.log(
    `trainer API on PostgreSQL${redisUrl ? ' with Redis' : ''}, ${seconds} s per run, ${concurrency} connections, round-robin`,
  );
  console.log(`${'call'.padEnd(32)} ${'1 instance'.padEnd(34)} 3 instances`);
  const show = (f: Figures) =>
    `${f.rate.toFixed(0).padStart(5)} req/s p50 ${f.p50.toFixed(1).padStart(5)} p99 ${f.p99.toFixed(1).padStart(6)} ms${f.errors ? ` (${f.errors} errors)` : ''}`;
  for (const [label, request] of scenarios) {
    const one = await measure([first], request);
    const three = await measure(instances, request);
    console.log(`${label.padEnd(32)} ${show(one).padEnd(34)} ${show(three)}`);
  }
} finally {
  for (const child of servers) child.kill('SIGTERM');
  await Promise.all(servers.map((child) => new Promise((r) => child.once('exit', r))));
  await admin(`drop database if exists ${name} with (force)`);
}
