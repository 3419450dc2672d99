// The real server is killed with SIGKILL in the middle of a stream of registrations, then started
// again on the same data: every registration it acknowledged is still there. Killed again in the
// middle of delivering an email, the next start delivers it once within MAIL_RETRY_SECONDS. On a
// PGlite data directory, or in the `api-postgres` project on a fresh PostgreSQL database.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { deliveryTimings } from '../../server/mail/mailer.ts';
import { PASSWORD, uniqueEmail } from './members.ts';
import { startServerProcess } from './server-process.ts';
import { headerOf, startSmtpServer } from './smtp-server.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'trainer-durability-'));
const adminUrl = process.env.API_TEST_DATABASE === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const databaseName = `durability_${randomBytes(6).toString('hex')}`;
let databaseUrl = '';

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(query);
  await client.end();
}

beforeAll(async () => {
  if (!adminUrl) return;
  await admin(`create database ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl) await admin(`drop database if exists ${databaseName} with (force)`);
});

const startServer = (env: Record<string, string> = {}) =>
  startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...env });

async function registerOne(url: string, email: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Durable', email, password: PASSWORD, trainerID: DEMO_TRAINER_ID }),
    });
    return res.status === 201;
  } catch {
    return false;
  }
}

describe('durability', () => {
  it('loses no acknowledged registration when the server is killed with SIGKILL mid-stream', async () => {
    const first = await startServer();
    const acknowledged: string[] = [];
    let killed = false;
    // Writers stop once the server is gone, whether this test killed it or it died on its own.
    const writer = async () => {
      while (!killed && first.child.exitCode === null) {
        const email = uniqueEmail('durable');
        if (await registerOne(first.url, email)) acknowledged.push(email);
        if (acknowledged.length >= 25 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    if (first.child.exitCode === null && first.child.signalCode === null) {
      await new Promise((resolve) => first.child.once('exit', resolve));
    }
    expect(killed, `The server stopped on its own: ${first.stderr()}`).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(25);

    const second = await startServer();
    const missing: string[] = [];
    for (const email of acknowledged) {
      const res = await fetch(`${second.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD, trainerID: DEMO_TRAINER_ID }),
      });
      if (res.status !== 200) missing.push(email);
    }
    expect(missing).toEqual([]);
    second.child.kill('SIGTERM');
    await new Promise((resolve) => second.child.once('exit', resolve));
  }, 120_000);

  // The shortest bound the configuration allows, so the test takes seconds rather than the default minute.
  const RETRY_SECONDS = 30;

  it('times the queue so that the worst case of a retry after a crash fits the bound', () => {
    for (const bound of [30, 60, 300, 3600]) {
      const t = deliveryTimings(bound);
      // The heartbeat lapses, two supervision passes at most, the longest first-retry delay, one poll.
      const worst = t.heartbeatSeconds + 2 * t.superviseSeconds + 2 * t.retryDelaySeconds + 1;
      expect(worst, `bound ${bound}`).toBeLessThanOrEqual(bound);
      // Every step of a send ends well before the heartbeat could lapse or the job expire.
      expect(t.smtpTimeoutMs).toBeLessThan(t.heartbeatSeconds * 1000);
      expect(t.expireInSeconds).toBeGreaterThanOrEqual(t.heartbeatSeconds);
    }
  });

  it('delivers an email whose delivery a SIGKILL cut off once, within MAIL_RETRY_SECONDS', async () => {
    const smtp = await startSmtpServer(false, { holdFirst: true });
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_RETRY_SECONDS: String(RETRY_SECONDS) };
    try {
      const first = await startServer(env);
      const email = uniqueEmail('interrupted');
      const res = await fetch(`${first.url}/api/user/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Interrupted',
          email,
          password: PASSWORD,
          trainerID: DEMO_TRAINER_ID,
          enableEmailVerification: true,
        }),
      });
      expect(res.status).toBe(201);
      // The mail server has the message and has not answered: the delivery is in flight.
      const cutOff = await smtp.holding;
      first.child.kill('SIGKILL');
      await first.exited;
      const killedAt = Date.now();

      const second = await startServer(env);
      const toMember = () => smtp.received.filter((m) => m.to.some((to) => to.includes(email)));
      while (toMember().length === 0 && Date.now() - killedAt < (RETRY_SECONDS + 15) * 1000) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const deliveredAfter = (Date.now() - killedAt) / 1000;
      expect(toMember(), second.stderr()).toHaveLength(1);
      // Had the mail server taken the cut-off copy, the receiver would drop the retry as the same
      // message: one Message-ID, on the site's domain, and one date.
      const messageId = headerOf(cutOff.data, 'Message-ID');
      expect(messageId).toMatch(/^<mail_[^@>]+@localhost>$/);
      expect(headerOf(toMember()[0]?.data ?? '', 'Message-ID')).toBe(messageId);
      expect(headerOf(toMember()[0]?.data ?? '', 'Date')).toBe(headerOf(cutOff.data, 'Date'));
      expect(deliveredAfter).toBeLessThanOrEqual(RETRY_SECONDS);
      // Long after, still once: the cut-off attempt and the queue's retry did not both deliver it.
      await new Promise((resolve) => setTimeout(resolve, (RETRY_SECONDS / 2) * 1000));
      expect(toMember()).toHaveLength(1);
      second.child.kill('SIGTERM');
      await second.exited;
    } finally {
      smtp.server.close();
    }
  }, 180_000);
});
