// The real server runs against the machine's PostgreSQL through a TCP proxy that the test cuts
// under load: the process must survive, answer 503 with Retry-After while the database is away,
// and serve again once the proxy is back. The shared PostgreSQL itself is never touched.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { PASSWORD, TEST_ENV, uniqueEmail } from './members.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const databaseName = `outage_${randomBytes(6).toString('hex')}`;

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  await client.connect();
  await client.query(query);
  await client.end();
}

async function postgresAnswers(): Promise<boolean> {
  if (!adminUrl) return false;
  try {
    await admin('select 1');
    return true;
  } catch {
    return false;
  }
}

const available = await postgresAnswers();
if (!available) {
  console.log('outage test skipped: TEST_DATABASE_URL is not set or PostgreSQL does not answer there');
}

/** A TCP proxy to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
class CuttableProxy {
  #server: Server | undefined;
  readonly #sockets = new Set<Socket>();
  port = 0;
  readonly #target: URL;

  constructor(target: string) {
    this.#target = new URL(target);
  }

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(Number(this.#target.port || 5432), this.#target.hostname);
      for (const s of [client, upstream]) {
        this.#sockets.add(s);
        s.on('close', () => this.#sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    server.listen(this.port, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    this.#server = server;
  }

  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const s of this.#sockets) s.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

let proxy: CuttableProxy;
let child: ChildProcessWithoutNullStreams | undefined;
let stderr = '';

beforeAll(async () => {
  if (!available) return;
  await admin(`create database ${databaseName}`);
});
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await proxy?.cut();
  if (available) await admin(`drop database if exists ${databaseName} with (force)`);
});

function startServer(databaseUrl: string): Promise<string> {
  child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      ...TEST_ENV,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DIST_DIR: 'does-not-exist',
      // Behind a proxy on loopback, each call names its own member's address: the bursts are many
      // members at once, not one address's burst, which the hashing queue refuses beyond its share.
      TRUST_PROXY: '127.0.0.1',
    },
  });
  const started = child;
  started.stderr.on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve, reject) => {
    let out = '';
    started.stdout.on('data', (d) => {
      out += d;
      const port = /running at http:\/\/localhost:(\d+)/.exec(out)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    started.on('exit', (code) => reject(new Error(`The server exited with ${code}: ${stderr}`)));
  });
}

interface Answer {
  status: number;
  retryAfter: string | null;
  message?: string;
}

let members = 0;
async function call(url: string, path: string, body: unknown): Promise<Answer> {
  members++;
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `198.51.100.${members % 250}`,
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { message?: string };
  return { status: res.status, retryAfter: res.headers.get('retry-after'), message: json.message };
}

/** Logins, sign-ups that email a verification link and forgot-password calls: transactions that hold a connection across awaits. */
const known: string[] = [];
const traffic = (url: string, n: number) =>
  Promise.all(
    Array.from({ length: n }, (_, i) => {
      if (i % 3 === 0) {
        return call(url, '/api/user/login', {
          email: uniqueEmail('nobody'),
          password: PASSWORD,
          trainerID: DEMO_TRAINER_ID,
        });
      }
      if (i % 3 === 1 || known.length === 0) {
        const email = uniqueEmail('outage');
        known.push(email);
        return call(url, '/api/user/register', {
          name: 'Outage',
          email,
          password: PASSWORD,
          trainerID: DEMO_TRAINER_ID,
          enableEmailVerification: true,
        });
      }
      return call(url, '/api/user/forgot-password', {
        email: known[i % known.length],
        trainerID: DEMO_TRAINER_ID,
      });
    }),
  );

describe.skipIf(!available)('a PostgreSQL outage', () => {
  it('answers 503 with Retry-After while the database is away, never dies, and recovers', async () => {
    const target = new URL(adminUrl as string);
    target.pathname = `/${databaseName}`;
    proxy = new CuttableProxy(target.toString());
    await proxy.start();
    const through = new URL(target);
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    const url = await startServer(through.toString());

    const before = await traffic(url, 12);
    expect(before.filter((a) => a.status === 201)).toHaveLength(4);

    // Cut in the middle of bursts: connections in use, inside transactions, and idle ones all drop.
    const cutAnswers: Answer[] = [];
    for (const delay of [5, 15, 30, 60]) {
      const during = traffic(url, 30);
      await new Promise((resolve) => setTimeout(resolve, delay));
      await proxy.cut();
      cutAnswers.push(...(await during));
      await proxy.start();
    }
    await proxy.cut();
    const after = await traffic(url, 6);

    expect(child?.exitCode).toBeNull();
    for (const answer of [...cutAnswers, ...after]) {
      expect([200, 201, 401, 503]).toContain(answer.status);
      if (answer.status === 503) {
        expect(answer.retryAfter).toBe('5');
        expect(answer.message).toMatch(/briefly unavailable/);
      }
    }
    expect(after.every((a) => a.status === 503)).toBe(true);
    expect(stderr).not.toMatch(/Unhandled 'error' event|uncaught/i);
    // A load balancer asking for readiness takes this instance out while its database is away.
    const notReady = await fetch(`${url}/api/ready`);
    expect(notReady.status).toBe(503);
    expect((await notReady.json()).message).toBe('The database does not answer');

    await proxy.start();
    const recovered = await traffic(url, 6);
    expect(recovered.map((a) => a.status).sort()).toEqual([200, 200, 201, 201, 401, 401]);
    expect((await fetch(`${url}/api/ready`)).status).toBe(200);
  }, 60_000);
});
