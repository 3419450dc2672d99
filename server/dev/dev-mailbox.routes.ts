// The dev mailbox: without SMTP, this is how a person (or a test) reads the emails the API wrote.
// `/dev/mailbox` is a page with each message's subject, recipient, time, clickable links, its HTML
// part as a mail client shows it (framed from `/dev/mailbox/{id}.html`) and its text part;
// `/dev/mailbox.json` is the same listing for tests, each message's `html` beside its `text`. All are
// registered only while `config.devPages` holds: emails stay in the outbox (no SMTP_URL) and
// NODE_ENV is not production.
import type { AreaPlugin } from '../context.ts';
import { latestMessages, outboxMessage } from '../mail/mail.repository.ts';
import { escapeHtml } from '../text/html.ts';
import { devPage } from './dev-page.ts';

const LIMIT = 200;

export const devMailboxRoutes: AreaPlugin = async (app, { context: { db } }) => {
  app.get('/dev/mailbox.json', async () => {
    const rows = await latestMessages(db, LIMIT);
    return {
      success: true,
      messages: rows.map((m) => ({
        id: m.id,
        trainerId: m.trainerId,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        links: m.links,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
        lastError: m.lastError,
      })),
    };
  });

  app.get('/dev/mailbox', async (_request, reply) => {
    const rows = await latestMessages(db, LIMIT);
    const items = rows.map(
      (m) => `<li>
  <h2>${escapeHtml(m.subject)}</h2>
  <p>To <strong>${escapeHtml(m.to)}</strong>, <time datetime="${m.createdAt.toISOString()}">${escapeHtml(m.createdAt.toISOString())}</time>${m.sentAt ? ' (sent)' : ''}</p>
  <ul>${m.links.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a> <code>${escapeHtml(l.url)}</code></li>`).join('')}</ul>
  <iframe src="/dev/mailbox/${encodeURIComponent(m.id)}.html" title="${escapeHtml(m.subject)}" sandbox width="640" height="720"></iframe>
  <details><summary>Text</summary><pre>${escapeHtml(m.text)}</pre></details>
</li>`,
    );
    const body = rows.length ? `<ol>${items.join('\n')}</ol>` : '<p>No messages yet.</p>';
    // Never kept by a cache: the mailbox changes with every email.
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(devPage('Dev mailbox', body));
  });

  // One message's HTML part, as the mailbox frames it: its inline styles and images as a mail client
  // shows them, and no script (the frame is sandboxed and the policy allows none).
  app.get<{ Params: { id: string } }>('/dev/mailbox/:id.html', async (request, reply) => {
    const row = await outboxMessage(db, request.params.id);
    if (!row?.html) return reply.code(404).type('text/plain; charset=utf-8').send('No such message');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: data:; frame-ancestors 'self'",
      )
      .send(row.html);
  });
};
