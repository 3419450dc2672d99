// Throughput and latency of the trainer API's hot paths, against a real server process on PGlite
// with production settings (scrypt at N=2^17). Prints figures; asserts nothing.
//   npm run bench            (or: node bench/api.bench.ts --seconds 5 --concurrency 32)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '3' }, concurrency: { type: 'string', default: '16' } },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);

const port = await new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const address = s.address();
    s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'trainer-bench-'));
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '1000000',
  },
  stdio: 'ignore',
});

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

async function run(name: string, workers: number, request: () => Promise<Response>): Promise<void> {
  const latencies: number[] = [];
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        const res = await request();
        await res.arrayBuffer();
        latencies.push(performance.now() - start);
        if (!res.ok) failures++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    (latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(1);
  console.log(
    `${name.padEnd(34)} ${String(workers).padStart(3)} conc  ${(latencies.length / seconds).toFixed(0).padStart(6)} req/s` +
      `  p50 ${at(0.5).padStart(6)} ms  p95 ${at(0.95).padStart(6)} ms  p99 ${at(0.99).padStart(6)} ms  errors ${failures}`,
  );
}

try {
  await waitForServer();
  const json = { 'content-type': 'application/json' };
  const email = `bench-${Date.now()}@example.com`;
  const password = 'a long enough password';
  const registered = await fetch(`${base}/api/user/register?gateway=true`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'Bench', email, password, trainerID: 'demo-trainer' }),
  });
  const { token } = (await registered.json()) as { token: string };

  console.log(`trainer API on PGlite, ${seconds} s per scenario`);
  await run('GET /api/health', concurrency, () => fetch(`${base}/api/health`));
  await run('GET /api/trainer/{id}/products', concurrency, () =>
    fetch(`${base}/api/trainer/demo-trainer/products`),
  );
  await run('GET /api/user', concurrency, () =>
    fetch(`${base}/api/user?gateway=true`, { headers: { token } }),
  );
  await run('GET /api/content/settings', concurrency, () => fetch(`${base}/api/content/settings`));
  // Login hashes with scrypt N=2^17 (about 128 MiB and tens of ms each): bounded by CPU by design.
  await run('POST /api/user/login', 2, () =>
    fetch(`${base}/api/user/login?gateway=true`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password, trainerID: 'demo-trainer' }),
    }),
  );

  // One client's burst of 20 wrong logins and 20 sign-ups, and meanwhile another member's right
  // login: the hashing queue keeps that login waiting for a few hashes at most, refusing the rest
  // of the burst with 503 rather than queueing it all.
  const post = (url: string, body: object) =>
    fetch(`${base}${url}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
  const burst = Promise.all([
    ...Array.from({ length: 20 }, (_, i) =>
      post('/api/user/login', {
        email: `nobody-${i}@example.com`,
        password: 'wrong password',
        trainerID: 'demo-trainer',
      }),
    ),
    ...Array.from({ length: 20 }, (_, i) =>
      post('/api/user/register', {
        name: 'Burst',
        email: `burst-${Date.now()}-${i}@example.com`,
        password,
        trainerID: 'demo-trainer',
      }),
    ),
  ]);
  await new Promise((r) => setTimeout(r, 50));
  const started = performance.now();
  const theirs = await post('/api/user/login', { email, password, trainerID: 'demo-trainer' });
  const waited = performance.now() - started;
  const statuses = (await burst).map((r) => r.status);
  const count = (status: number) => statuses.filter((s) => s === status).length;
  console.log(
    `login during a 40-hash burst: ${theirs.status} in ${waited.toFixed(0)} ms; burst answered ` +
      `${count(401)}×401 ${count(201)}×201 ${count(503)}×503`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
