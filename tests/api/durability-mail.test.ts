// Killed in the middle of delivering an email, the real server's next start delivers it once within
// MAIL_RETRY_SECONDS. On a PGlite data directory, or in the `api-postgres` project on a fresh
// PostgreSQL database.
import { describe, expect, it } from 'vitest';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { deliveryTimings } from '../../server/mail/mailer.ts';
import { durableServers } from './durable-server.ts';
import { PASSWORD, uniqueEmail } from './members.ts';
import { headerOf, startSmtpServer } from './smtp-server.ts';

const startServer = durableServers();

describe('durability of the mail', () => {
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
