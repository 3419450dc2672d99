// The dev mailbox: without SMTP, this is how a person (or a test) reads the emails the API wrote.
// `/dev/mailbox` is a page with each message's subject, recipient, time and clickable links;
// `/dev/mailbox.json` is the same listing for tests. Both exist only while `config.devPages` holds: emails
// stay in the outbox (no SMTP_URL) and NODE_ENV is not production.
import { desc } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerContext } from '../context.ts';
import { emailOutbox } from '../db/schema.ts';
import { escapeHtml } from './templates.ts';

const LIMIT = 200;

export function registerDevMailbox(app: FastifyInstance, { config, db }: ServerContext): void {
  if (!config.devPages) return;

  const list = () => db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(LIMIT);

  app.get('/dev/mailbox.json', async () => {
    const rows = await list();
    return {
      success: true,
      messages: rows.map((m) => ({
        id: m.id,
        trainerId: m.trainerId,
        to: m.to,
        subject: m.subject,
        text: m.text,
        links: m.links,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
        lastError: m.lastError,
      })),
    };
  });

  app.get('/dev/mailbox', async (_request, reply) => {
    const rows = await list();
    const items = rows.map(
      (m) => `<li>
  <h2>${escapeHtml(m.subject)}</h2>
  <p>To <strong>${escapeHtml(m.to)}</strong>, <time datetime="${m.createdAt.toISOString()}">${escapeHtml(m.createdAt.toISOString())}</time>${m.sentAt ? ' (sent)' : ''}</p>
  <ul>${m.links.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a> <code>${escapeHtml(l.url)}</code></li>`).join('')}</ul>
  <details><summary>Text</summary><pre>${escapeHtml(m.text)}</pre></details>
</li>`,
    );
    const body = rows.length ? `<ol>${items.join('\n')}</ol>` : '<p>No messages yet.</p>';
    return sendDevPage(reply, 'Dev mailbox', body);
  });
}

/** A dev page: plain HTML (no inline style, so the strict policy holds), never kept by a cache. */
export function sendDevPage(reply: FastifyReply, title: string, body: string) {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`,
    );
}
