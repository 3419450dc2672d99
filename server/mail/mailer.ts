// Every email is first a row in the outbox, written in the same transaction as the change that
// causes it, so a crash never loses a reset link for a token that exists, nor sends one for a token
// that does not. With SMTP_URL set, each row is delivered by a job of a PostgreSQL job queue
// (pg-boss, decision 071): one delivery per message however many instances run, retried with a
// growing delay, each failure recorded on the row. On PGlite the same queue runs in-process. Without
// SMTP_URL, messages stay in the outbox and the dev mailbox shows them.
//
// A delivery cut off by a crash (kill -9, a lost machine) is tried again within MAIL_RETRY_SECONDS:
// the worker beats a heartbeat while it sends, and a job whose heartbeat stops is failed by whichever
// instance supervises the queue, then retried after a short delay. Each step of a send (connecting,
// the greeting, every reply) times out well within the heartbeat and the job's expiry, so a retry
// does not overlap an attempt still talking to the mail server. With `stately` jobs (one active
// delivery per message) and the row's `sent_at` checked first, a message is sent at most once, except
// if a crash falls between the mail server's acceptance and the write of `sent_at` (decision 130):
// that copy carries the same Message-ID and date as the first, so a receiver takes it for the same
// message, and the write waits for nothing, on connections of the mailer's own.
import nodemailer from 'nodemailer';
import { PgBoss } from 'pg-boss';
import type { Locale } from '../../domain/localized.ts';
import type { Config } from '../config.ts';
import { contentServiceFor } from '../content/content-service.ts';
import { newId } from '../db/ids.ts';
import { connectionDeadlines, type Database, type OpenDatabase, openPool } from '../db/index.ts';
import { siteBrand } from '../site/brand.ts';
import {
  insertOutboxMessage,
  outboxMessage,
  recordDelivery,
  recordDeliveryFailure,
  stillUntried,
  trainerName,
  untriedMessageIds,
} from './mail.repository.ts';
import { type MailTemplate, renderMail } from './templates.ts';

export interface OutgoingMail {
  trainerId: string;
  userId: string | null;
  to: string;
  locale: Locale;
  template: MailTemplate;
}

export interface Mail {
  /** Writes the message to the outbox through `db`, which may be a transaction. */
  enqueue(db: Database, mail: OutgoingMail): Promise<string>;
  /** Asks the sender to look at the outbox now; call it once the enqueuing transaction committed. */
  wake(): void;
  /** Sends every sendable message now; resolves when done. Does nothing without SMTP. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Deliveries tried before a message is given up as failed. */
export const MAX_MAIL_ATTEMPTS = 6;
const MAX_ATTEMPTS = MAX_MAIL_ATTEMPTS;
const QUEUE = 'email.send';
const QUEUE_SCHEMA = 'pgboss';
const POLL_SECONDS = 1;
const WORKERS = 4;
const SWEEP_MS = 30_000;
const BATCH = 100;
const QUEUE_QUERY_TIMEOUT_MS = 30_000;

/** The queue's timings for a retry bound of `bound` seconds after a crash (MAIL_RETRY_SECONDS). */
export function deliveryTimings(bound: number) {
  // pg-boss refuses a heartbeat under 10 s. Worst case: the heartbeat lapses, a supervision pass
  // (at most two intervals apart) notices, then the first retry waits its delay plus jitter.
  const heartbeatSeconds = Math.max(10, Math.round(bound / 3));
  const superviseSeconds = Math.max(1, Math.round(bound / 10));
  const retryDelaySeconds = Math.max(1, Math.round(bound / 8));
  return {
    heartbeatSeconds,
    superviseSeconds,
    retryDelaySeconds,
    // The whole conversation with the mail server fits in the heartbeat, with room to record it.
    smtpTimeoutMs: Math.floor((heartbeatSeconds * 1000) / 3),
    expireInSeconds: bound,
  };
}

/** A message's id, fixed by its outbox row, on the site's domain (RFC 5322, 3.6.4). */
export function messageIdOf(rowId: string, publicUrl: string): string {
  return `<${rowId}@${new URL(publicUrl).hostname}>`;
}

export function createMail(config: Config, db: Database, connection: OpenDatabase['connection']): Mail {
  const content = contentServiceFor(config);

  const enqueue: Mail['enqueue'] = async (tx, mail) => {
    // Emails carry the brand the member sees on the site: the CMS's name, icon and colour, and the
    // trainer's record for the name when the CMS does not answer.
    const brand = await siteBrand(content, config.publicUrl, mail.locale, () =>
      trainerName(tx, mail.trainerId),
    );
    const template = { ...mail.template, trainerName: brand.name };
    const rendered = await renderMail(template, mail.locale, brand);
    const id = newId('mail');
    await insertOutboxMessage(tx, {
      id,
      trainerId: mail.trainerId,
      userId: mail.userId,
      to: mail.to,
      subject: rendered.subject,
      template: mail.template.kind,
      text: rendered.text,
      html: rendered.html,
      links: rendered.links,
    });
    return id;
  };

  if (!config.SMTP_URL) {
    return { enqueue, wake: () => {}, flush: async () => {}, close: async () => {} };
  }

  // The rows are read and marked on connections of the mailer's own, one per worker: the mail
  // server's acceptance is written down at once, never after the requests' queries waiting for a
  // connection (all ten may be taken under a burst). PGlite has one connection, in this process.
  const own =
    'url' in connection
      ? openPool(
          connection.url,
          { connectMs: config.DATABASE_CONNECT_TIMEOUT_MS, queryMs: config.DATABASE_QUERY_TIMEOUT_MS },
          WORKERS,
        )
      : null;
  const outbox = own?.db ?? db;
  const timings = deliveryTimings(config.MAIL_RETRY_SECONDS);
  const smtpTimeoutMs = Math.min(config.SMTP_TIMEOUT_MS, timings.smtpTimeoutMs);
  const transport = nodemailer.createTransport({
    url: config.SMTP_URL,
    connectionTimeout: smtpTimeoutMs,
    greetingTimeout: smtpTimeoutMs,
    socketTimeout: smtpTimeoutMs,
  });
  const supervision = {
    superviseIntervalSeconds: timings.superviseSeconds,
    monitorIntervalSeconds: timings.superviseSeconds,
  };
  // The queue's connections get the requests' connect deadline and keepalive, and a query deadline
  // long enough for its housekeeping: a worker whose query met a partition gives up and polls again
  // on a new connection instead of waiting for ever (decision 093).
  const queueDeadlines = {
    ...connectionDeadlines({
      connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      queryMs: config.DATABASE_QUERY_TIMEOUT_MS,
    }),
    query_timeout: QUEUE_QUERY_TIMEOUT_MS,
  };
  const boss = new PgBoss(
    'url' in connection
      ? { connectionString: connection.url, max: 3, schema: QUEUE_SCHEMA, ...supervision, ...queueDeadlines }
      : { db: connection, backend: 'pglite', schema: QUEUE_SCHEMA, ...supervision },
  );
  boss.on('error', (error) => console.error(`Email queue: ${error.message}`));
  let closed = false;

  /** One job per outbox row: the row is the message, the job its delivery. */
  async function deliver(id: string): Promise<void> {
    const row = await outboxMessage(outbox, id);
    // Sent by an earlier run of this job that lost its completion, or no longer there.
    if (!row || row.sentAt) return;
    try {
      await transport.sendMail({
        from: config.MAIL_FROM,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        // The same on every attempt: a copy sent again after a crash is the same message.
        messageId: messageIdOf(row.id, config.publicUrl),
        date: row.createdAt,
      });
    } catch (error) {
      await recordDeliveryFailure(
        outbox,
        row.id,
        row.attempts + 1,
        String((error as Error).message ?? error).slice(0, 1000),
      );
      // The queue retries it later, with a growing delay, until it has had MAX_ATTEMPTS.
      throw error;
    }
    await recordDelivery(outbox, row.id, row.attempts + 1);
  }

  const started = (async () => {
    await boss.start();
    // `stately` with the row's id as the key: at most one delivery of a message runs at a time,
    // whichever instance took it, and a row is queued at most once.
    const timing = {
      retryLimit: MAX_ATTEMPTS - 1,
      retryDelay: timings.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: 3600,
      heartbeatSeconds: timings.heartbeatSeconds,
      expireInSeconds: timings.expireInSeconds,
    };
    await boss.createQueue(QUEUE, { policy: 'stately', ...timing });
    // A queue created by an earlier version keeps its old timings until they are set again.
    await boss.updateQueue(QUEUE, timing);
    // Several workers per instance, each taking one message at a time: a burst of sign-ups drains in
    // seconds, and one failing message never holds back the others.
    const options = { pollingIntervalSeconds: POLL_SECONDS, localConcurrency: WORKERS };
    await boss.work<{ id: string }>(QUEUE, options, async ([job]) => {
      if (job) await deliver(job.data.id);
    });
  })();
  started.catch((error: Error) => console.error(`Email queue could not start: ${error.message}`));

  /** Queues every message not yet tried; those tried and failed are the queue's to retry. */
  async function sweep(): Promise<string[]> {
    await started;
    const ids = await untriedMessageIds(outbox, BATCH);
    for (const id of ids) await boss.send(QUEUE, { id }, { singletonKey: id });
    return ids;
  }

  // Messages whose commit was not followed by a wake (a crash in between) are found by the sweep.
  const timer = setInterval(() => void sweep().catch(() => {}), SWEEP_MS);
  timer.unref();

  return {
    enqueue,
    wake: () => void sweep().catch(() => {}),
    async flush() {
      if (closed) return;
      const queued = await sweep();
      // Until each message queued now has been sent or has failed its first attempt.
      const deadline = Date.now() + 15_000;
      while (queued.length && Date.now() < deadline) {
        if ((await stillUntried(outbox, queued)).length === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: async () => {
      clearInterval(timer);
      closed = true;
      await started.catch(() => {});
      // Lets a delivery in progress finish, then stops taking jobs.
      await boss.stop({ graceful: true, timeout: 10_000 });
      transport.close();
      await own?.close();
    },
  };
}
