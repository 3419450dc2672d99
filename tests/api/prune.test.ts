// Housekeeping deletes what no request reads again, after the retention, and nothing else.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneTables, RETENTION_DAYS } from '../../server/accounts/prune.ts';
import { emailOutbox, emailTokens, loginThrottle, sessions } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createMember } from './fixtures.ts';
import type { Member } from './members.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-23T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
const key = () => randomBytes(8).toString('hex');

let t: TestApp;
let member: Member;
beforeAll(async () => {
  t = await startTestApp();
  member = await createMember(t.context);
});
afterAll(() => t.close());

describe('pruning', () => {
  it('deletes old sessions, links, delivered emails and lapsed login throttles, and keeps the rest', async () => {
    const { db } = t.context;
    const old = RETENTION_DAYS + 1;
    const session = (expiresAt: Date, revokedAt: Date | null = null) => ({
      tokenHash: key(),
      trainerId: DEMO_TRAINER_ID,
      userId: member.id,
      expiresAt,
      revokedAt,
    });
    const keptSessions = [session(daysAgo(-5)), session(daysAgo(2)), session(daysAgo(-5), daysAgo(3))];
    const goneSessions = [session(daysAgo(old)), session(daysAgo(-5), daysAgo(old))];
    await db.insert(sessions).values([...keptSessions, ...goneSessions]);

    const link = (expiresAt: Date, usedAt: Date | null = null) => ({
      tokenHash: key(),
      trainerId: DEMO_TRAINER_ID,
      userId: member.id,
      purpose: 'verify_email' as const,
      email: 'someone@example.com',
      expiresAt,
      usedAt,
    });
    // A used link still answers "already used" until it has long expired.
    const keptLinks = [link(daysAgo(-1)), link(daysAgo(3), daysAgo(4))];
    const goneLinks = [link(daysAgo(old)), link(daysAgo(old), daysAgo(old + 1))];
    await db.insert(emailTokens).values([...keptLinks, ...goneLinks]);

    const mail = (sentAt: Date | null) => ({
      id: key(),
      trainerId: DEMO_TRAINER_ID,
      userId: member.id,
      to: 'someone@example.com',
      subject: 'Hi',
      text: 'Hi',
      html: '<p>Hi</p>',
      sentAt,
    });
    const keptMails = [mail(null), mail(daysAgo(2))];
    const goneMails = [mail(daysAgo(old))];
    await db.insert(emailOutbox).values([...keptMails, ...goneMails]);

    const throttle = (updatedAt: Date, lockedUntil: Date | null) => ({
      trainerId: DEMO_TRAINER_ID,
      email: `${key()}@example.com`,
      failures: 6,
      updatedAt,
      lockedUntil,
    });
    const keptThrottles = [throttle(daysAgo(0.1), null), throttle(daysAgo(2), daysAgo(-1))];
    const goneThrottles = [throttle(daysAgo(2), null), throttle(daysAgo(2), daysAgo(1.5))];
    await db.insert(loginThrottle).values([...keptThrottles, ...goneThrottles]);

    expect(await pruneTables(db, now)).toEqual({
      sessions: 2,
      emailTokens: 2,
      emailOutbox: 1,
      loginThrottle: 2,
    });

    const left = async <T>(rows: Promise<T[]>) => (await rows).length;
    expect(await left(db.select().from(sessions))).toBeGreaterThanOrEqual(keptSessions.length);
    const sessionHashes = (await db.select({ h: sessions.tokenHash }).from(sessions)).map((r) => r.h);
    for (const s of keptSessions) expect(sessionHashes).toContain(s.tokenHash);
    for (const s of goneSessions) expect(sessionHashes).not.toContain(s.tokenHash);
    const linkHashes = (await db.select({ h: emailTokens.tokenHash }).from(emailTokens)).map((r) => r.h);
    for (const l of keptLinks) expect(linkHashes).toContain(l.tokenHash);
    const mailIds = (await db.select({ id: emailOutbox.id }).from(emailOutbox)).map((r) => r.id);
    for (const m of keptMails) expect(mailIds).toContain(m.id);
    for (const m of goneMails) expect(mailIds).not.toContain(m.id);
    const throttled = (await db.select({ e: loginThrottle.email }).from(loginThrottle)).map((r) => r.e);
    for (const x of keptThrottles) expect(throttled).toContain(x.email);

    // A second run finds nothing more.
    expect(await pruneTables(db, now)).toEqual({
      sessions: 0,
      emailTokens: 0,
      emailOutbox: 0,
      loginThrottle: 0,
    });
  });
});
