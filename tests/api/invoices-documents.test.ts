// Invoices and credit notes (decision 154), through the real API on the sandbox gateway: a charge's
// invoice and a refund's credit note, numbered per trainer; the PDF read back by a PDF text library
// states what the receipt email states, in English and Spanish; only its member may download it.
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { charges, invoices } from '../../server/db/schema.ts';
import { DEMO_PROMO_CODE, DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { createMember } from './fixtures.ts';
import {
  admin,
  buyChallenge,
  download,
  driver,
  invoicesApp,
  type Listed,
  listed,
  OTHER,
  price,
  t,
} from './invoices.fixtures.ts';
import type { Member } from './members.ts';
import { pdfText } from './pdf-text.ts';

invoicesApp();

/** The lines of the member's last email whose subject matches, as its plain text has them. */
async function emailLines(member: Member, subject: RegExp): Promise<string[]> {
  const mails = (await driver.mailTo(member)).filter((m) => subject.test(m.subject));
  const last = mails.at(-1);
  if (!last) throw new Error(`no email matching ${subject}`);
  return last.text.split('\n');
}

const lineValue = (lines: string[], label: string) => {
  const line = lines.find((l) => l.startsWith(label));
  if (!line) throw new Error(`no line ${label} in ${lines.join(' | ')}`);
  return line.slice(label.length).trim();
};

describe('an invoice for every charge', () => {
  it('issues the charge’s invoice with the receipt, and the PDF states the email’s amount and date (English)', async () => {
    const member = await createMember(t.context);
    await buyChallenge(member, DEMO_PROMO_CODE);
    const { invoices: list } = await listed(member);
    expect(list).toHaveLength(1);
    const [invoice] = list as [Listed];
    // 49.00 less 10 %: 44.10 paid, 4.90 off (computed by hand).
    expect(invoice).toMatchObject({ series: 'invoice', total: 4410, currency: 'usd', hostedUrl: null });
    expect(invoice.number).toMatch(/^INV-\d{6}$/);
    expect(invoice.pdfUrl).toBe(`http://site.test/api/user/invoices/${invoice.id}/pdf`);

    const mail = await emailLines(member, /receipt/);
    expect(lineValue(mail, 'Invoice:')).toBe(invoice.number);
    expect(lineValue(mail, 'Download the invoice (PDF):')).toBe(invoice.pdfUrl);
    const amount = lineValue(mail, 'Amount paid:');
    const date = lineValue(mail, 'Date:');
    expect(amount).toBe('$44.10');

    const res = await download(new URL(invoice.pdfUrl).pathname, { token: member.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Invoice');
    expect(text).toContain(`Number: ${invoice.number}`);
    expect(text).toContain(`Paid on: ${date}`);
    expect(text).toContain(`Total paid ${amount}`);
    expect(text).toContain('Subtotal $49');
    expect(text).toContain('Discount -$4.90');
    expect(text).toContain('Demo Trainer Fitness S.L.');
    expect(text).toContain('Tax ID: ESB12345678');
    expect(text).toContain(member.email);
    expect(text).toContain('Paid with: Visa •••• 4242'.replace('••••', '••••'));
    // No tax is collected: no tax line.
    expect(text).not.toMatch(/VAT|IVA|\d %\)/);
  });

  it('states the same in Spanish for a Spanish-speaking member, with the plan’s period', async () => {
    const member = await createMember(t.context, { locale: 'es' });
    await driver.subscribe(member, price('weekly'));
    const [invoice] = (await listed(member)).invoices as [Listed];
    expect(invoice.total).toBe(1499);
    const mail = await emailLines(member, /recibo/i);
    expect(lineValue(mail, 'Factura:')).toBe(invoice.number);
    const amount = lineValue(mail, 'Importe pagado:');
    const date = lineValue(mail, 'Fecha:');
    const res = await download(new URL(invoice.pdfUrl).pathname, { token: member.token });
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Factura');
    expect(text).toContain(`Número: ${invoice.number}`);
    expect(text).toContain(`Fecha de pago: ${date}`);
    expect(text).toContain(`Total pagado ${amount}`);
    expect(text).toContain('NIF: ESB12345678');
    expect(text).toContain('Las fechas');
  });

  it('issues a credit note for a refund, named in the refund email, crediting the invoice', async () => {
    const member = await createMember(t.context);
    await buyChallenge(member);
    const [charge] = await t.context.db.select().from(charges).where(eq(charges.userId, member.id));
    if (!charge) throw new Error('no charge');
    const refund = await admin(
      'adminRefundCharge',
      'POST',
      `/api/admin/trainers/${DEMO_TRAINER_ID}/charges/${charge.id}/refund`,
      {},
    );
    expect(refund.res.statusCode).toBeLessThan(300);
    const { invoices: list } = await listed(member);
    const note = list.find((i) => i.series === 'credit_note');
    const invoice = list.find((i) => i.series === 'invoice');
    if (!note || !invoice) throw new Error(`expected an invoice and a credit note: ${JSON.stringify(list)}`);
    expect(note.number).toMatch(/^CN-\d{6}$/);
    expect(note.total).toBe(invoice.total);
    const mail = await emailLines(member, /refund/i);
    expect(lineValue(mail, 'Credit note:')).toBe(note.number);
    const text = await pdfText(
      (await download(new URL(note.pdfUrl).pathname, { token: member.token })).rawPayload,
    );
    expect(text).toContain('Credit note');
    expect(text).toContain(`Credits invoice ${invoice.number}`);
    const body = mail.find((line) => line.startsWith('We have refunded'));
    const refunded = /refunded (\S+) for/.exec(body ?? '')?.[1];
    expect(refunded).toBe('$49');
    expect(text).toContain(`Total refunded ${refunded}`);
    expect(text).toContain(`Refunded on: ${lineValue(mail, 'Date:')}`);
  });

  it('numbers each trainer’s invoices 1, 2, 3… without a gap, apart from another trainer’s', async () => {
    const own = await t.context.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.trainerId, DEMO_TRAINER_ID), eq(invoices.series, 'invoice')))
      .orderBy(asc(invoices.number));
    expect(own.map((r) => r.number)).toEqual(own.map((_, i) => i + 1));
    const other = await createMember(t.context, { trainerId: OTHER });
    await buyChallenge(other);
    expect((await listed(other)).invoices.map((i) => i.number)).toEqual(['INV-000001']);
  });
});

describe('who may read an invoice', () => {
  it('answers 401 to a visitor, 404 for another member’s, and opens by the session cookie', async () => {
    const member = await createMember(t.context);
    const stranger = await createMember(t.context);
    await buyChallenge(member);
    const [invoice] = (await listed(member)).invoices as [Listed];
    const path = new URL(invoice.pdfUrl).pathname;
    expect((await download(path, {})).statusCode).toBe(401);
    expect((await download(path, { token: 'not-a-session' })).statusCode).toBe(401);
    const foreign = await download(path, { token: stranger.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(invoice.number);
    expect((await download(path, { cookie: `trainer_session=${member.token}` })).statusCode).toBe(200);
    expect((await download(path, { cookie: `trainer_session=${stranger.token}` })).statusCode).toBe(404);
    // The list needs the header: the cookie signs in only the download.
    const cookieList = await download('/api/user/invoices', { cookie: `trainer_session=${member.token}` });
    expect(cookieList.statusCode).toBe(401);
    expect((await listed(stranger)).invoices).toEqual([]);
  });

  it('pages the list newest first, each document once, by a cursor', async () => {
    const member = await createMember(t.context);
    // A weekly plan and four renewals: five invoices, one a week.
    await driver.subscribe(member, price('weekly'));
    for (let i = 0; i < 4; i++) await driver.advance(member, 7);
    const seen: Listed[] = [];
    let query = '?limit=2';
    for (;;) {
      const page = await listed(member, query);
      expect(page.invoices.length).toBeLessThanOrEqual(2);
      seen.push(...page.invoices);
      if (!page.next) break;
      query = `?limit=2&after=${page.next}`;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen.map((i) => i.id)).size).toBe(5);
    const times = seen.map((i) => i.issuedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const bad = await download('/api/user/invoices?after=bm9wZQ', { token: member.token });
    expect(bad.statusCode).toBe(400);
  });
});
