// Every email is first a row in the outbox, written in the same transaction as the change that
// causes it, so a crash never loses a reset link for a token that exists, nor sends one for a token
// that does not. With SMTP_URL set, a worker sends unsent rows and records each failure; without it,
// messages stay in the outbox and the dev mailbox shows them.
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { newId } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import { contentServiceFor } from '../content/content-service.ts';
import type { Database } from '../db/index.ts';
import { emailOutbox, trainers } from '../db/schema.ts';
import { type Locale, type MailTemplate, renderMail } from './templates.ts';

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

const MAX_ATTEMPTS = 5;
const POLL_MS = 5000;
const BATCH = 20;

export function createMail(config: Config, db: Database): Mail {
  const content = contentServiceFor(config);
  /** Emails carry the brand the member sees on the site: the CMS's site name, else the trainer's record. */
  const siteName = async (tx: Database, trainerId: string): Promise<string> => {
    const name = (await content.settings().catch(() => null))?.siteName;
    if (name) return name;
    const [trainer] = await tx
      .select({ name: trainers.name })
      .from(trainers)
      .where(eq(trainers.id, trainerId));
    return trainer?.name ?? '';
  };

  const enqueue: Mail['enqueue'] = async (tx, mail) => {
    const template = { ...mail.template, trainerName: await siteName(tx, mail.trainerId) };
    const rendered = renderMail(template, mail.locale);
    const id = newId('mail');
    await tx.insert(emailOutbox).values({
      id,
      trainerId: mail.trainerId,
      userId: mail.userId,
      to: mail.to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      links: rendered.links,
    });
    return id;
  };

  if (!config.SMTP_URL) {
    return { enqueue, wake: () => {}, flush: async () => {}, close: async () => {} };
  }

  const transport = nodemailer.createTransport(config.SMTP_URL);
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  async function sendBatch(): Promise<number> {
    const rows = await db
      .select()
      .from(emailOutbox)
      .where(and(isNull(emailOutbox.sentAt), lt(emailOutbox.attempts, MAX_ATTEMPTS)))
      .orderBy(asc(emailOutbox.createdAt))
      .limit(BATCH);
    for (const row of rows) {
      try {
        await transport.sendMail({
          from: config.MAIL_FROM,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
        });
        await db
          .update(emailOutbox)
          .set({ sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
          .where(eq(emailOutbox.id, row.id));
      } catch (error) {
        await db
          .update(emailOutbox)
          .set({
            attempts: row.attempts + 1,
            lastError: String((error as Error).message ?? error).slice(0, 1000),
          })
          .where(eq(emailOutbox.id, row.id));
      }
    }
    return rows.length;
  }

  const flush = (): Promise<void> => {
    if (closed) return Promise.resolve();
    // A message queued while a pass is running may have been missed by its query: run once more.
    again = true;
    running ??= (async () => {
      try {
        while (again) {
          again = false;
          while ((await sendBatch()) === BATCH) {}
        }
      } finally {
        running = undefined;
      }
    })();
    return running;
  };

  const timer = setInterval(() => void flush().catch(() => {}), POLL_MS);
  timer.unref();

  return {
    enqueue,
    wake: () => void flush().catch(() => {}),
    flush,
    close: async () => {
      clearInterval(timer);
      await running?.catch(() => {});
      closed = true;
      transport.close();
    },
  };
}
