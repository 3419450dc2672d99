// What a declined renewal leaves due when the member gives another country before paying it
// (decision 173): Stripe taxes an invoice once, when it is finalised, so the invoice keeps the tax and
// the rule it was issued under. The portal's card form, the member view's amount due, the failed-payment
// email, the invoice, its PDF and the receipt all state the amount and the country and rate issued
// together. Every figure is computed by hand from the rates set here (the demo's monthly plan: 2999).
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../server/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { CARD, FAILS_LATER } from './hosted-pages.ts';
import { giveCountry, type Member, setTrainerTax } from './members.ts';
import { pdfText } from './pdf-text.ts';
import { taxedRenewals } from './taxed-renewals.ts';

const TOKEN = 'overdue-move-tax-admin-token-0123456789';

let t: TestApp;
const { billing, monthlyMemberIn, declined, failedEmail } = taxedRenewals(() => t);
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_TOKEN: TOKEN } });
});
afterAll(() => t.close());

const setTax = (tax: unknown) => setTrainerTax(t.app, TOKEN, tax);

/** What the portal's card form says is due: the total and, where the invoice holds tax, its split. */
async function dueOn(portal: string) {
  const body = (await t.app.inject({ method: 'GET', url: portal })).body;
  const found = body.match(
    /<p class="due-now" data-amount="(\d+)">([^<]*)(?:<span class="dim tax-split" data-net="(\d+)" data-tax="(\d+)">\(([^)]*\)[^)]*)\))?/,
  );
  if (!found) throw new Error('the portal states nothing due');
  const [, amount, text, net, tax, words] = found;
  return { amount: Number(amount), text, split: { net: Number(net), tax: Number(tax), words } };
}

/**
 * The invoice the overdue renewal was finally paid with (the member's newest), its PDF's text and the
 * receipt email that names it.
 */
async function paidOverdue(member: Member) {
  const [invoice] = await t.context.db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, member.id))
    .orderBy(desc(invoices.number))
    .limit(1);
  if (!invoice) throw new Error('no invoice');
  const pdf = await t.app.inject({
    method: 'GET',
    url: `/api/user/invoices/${invoice.id}/pdf`,
    headers: { token: member.token },
  });
  expect(pdf.statusCode).toBe(200);
  const mails = await billing.mailTo(member);
  const receipt = mails
    .filter((m) => m.template === 'receipt')
    .find((m) => m.text.includes(`${invoice.number}`));
  return { invoice, pdf: await pdfText(pdf.rawPayload), receipt: receipt?.text ?? '' };
}

describe('a member who moves while a renewal is overdue', () => {
  it('pays the invoice under the rule it was issued with, and every surface names that rule (ES 21 % → FR 20 %)', async () => {
    await setTax({ mode: 'exclusive', rates: { ES: 2100, FR: 2000 } });
    const member = await monthlyMemberIn('ES', 'en', FAILS_LATER);
    const sub = await declined(member);
    await giveCountry(t.app, member.token, 'FR');
    // Issued in Spain: 2999 + round(2999 × 0.21 = 629.79) = 2999 + 630 = 3629. France's rule would
    // have made it 2999 + round(599.8) = 3599, and its label FR 20 %: neither may appear.
    expect(await failedEmail(member)).toContain('We could not charge $36.29 for');
    // Manage My Subscription's notice reads the member view's amount due: the same figures.
    const user = await t.app.inject({ method: 'GET', url: '/api/user', headers: { token: member.token } });
    expectContract(user, 'getUser');
    expect(user.json().user.customer.subscriptions.data[0].amount_due).toEqual({
      amount: 3629,
      currency: 'usd',
      tax: { net: 2999, amount: 630, mode: 'exclusive', country: 'ES', rate_basis_points: 2100 },
    });
    const portal = await billing.portal(member);
    const due = await dueOn(portal);
    expect(due.amount).toBe(3629);
    expect(due.text).toContain('$36.29');
    expect(due.split).toEqual({ net: 2999, tax: 630, words: '$29.99 plus $6.30 tax (ES, 21 %)' });
    expect((await billing.post(portal, { action: 'card', subscription: sub, ...CARD })).statusCode).toBe(303);

    const { invoice, pdf, receipt } = await paidOverdue(member);
    expect(invoice.total).toBe(3629);
    expect(invoice.document.lines.map((l) => l.amount)).toEqual([2999]);
    expect(invoice.document.tax).toEqual([{ label: 'ES', rateBasisPoints: 2100, amount: 630 }]);
    expect(pdf).toContain('ES (21 %) $6.30');
    expect(pdf).toContain('Total paid $36.29');
    expect(pdf).not.toMatch(/FR \(|20 %/);
    expect(receipt).toContain('Amount paid: $36.29');
    expect(receipt).toContain('Before tax: $29.99');
    expect(receipt).toContain('Tax (ES, 21 %): $6.30');
    // The label's form, "(FR, 20 %)": a bare FR can stand in the invoice's random id in the PDF link.
    expect(receipt).not.toMatch(/\(FR, |20 %/);
    // What is ahead is taxed in France: 2999 + 600 = 3599, and the open invoice's rule is gone.
    const [after] = (await billing.customerOf(member)).subscriptions.data;
    expect(after?.next_charge?.amount).toBe(3599);
    expect(after?.next_charge?.tax).toMatchObject({ amount: 600, country: 'FR', rate_basis_points: 2000 });
    expect(after?.amount_due).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: portal })).body).not.toContain('due-now');
  });

  it('in Spanish, keeps the tax an inclusive price held when issued (DE 19 % → IE 23 %)', async () => {
    await setTax({ mode: 'inclusive', rates: { DE: 1900, IE: 2300 } });
    const member = await monthlyMemberIn('DE', 'es', FAILS_LATER);
    const sub = await declined(member);
    await giveCountry(t.app, member.token, 'IE');
    // Issued in Germany: round(2999 × 19 / 119 = 478.83) = 479 of tax in 2999, 2520 before it.
    // Ireland's rule would have split it round(2999 × 23 / 123 = 560.76) = 561 and 2438.
    expect(await failedEmail(member)).toContain('No hemos podido cobrar $29,99 por');
    expect((await billing.customerOf(member)).subscriptions.data[0]?.amount_due?.tax).toEqual({
      net: 2520,
      amount: 479,
      mode: 'inclusive',
      country: 'DE',
      rate_basis_points: 1900,
    });
    const portal = await billing.portal(member);
    const due = await dueOn(portal);
    expect(due.amount).toBe(2999);
    expect(due.split).toEqual({ net: 2520, tax: 479, words: 'incluye $4,79 de impuestos (DE, 19 %)' });
    expect((await billing.post(portal, { action: 'card', subscription: sub, ...CARD })).statusCode).toBe(303);

    const { invoice, pdf, receipt } = await paidOverdue(member);
    expect(invoice.total).toBe(2999);
    expect(invoice.document.lines.map((l) => l.amount)).toEqual([2520]);
    expect(invoice.document.tax).toEqual([{ label: 'DE', rateBasisPoints: 1900, amount: 479 }]);
    expect(pdf).toContain('DE (19 %) $4,79');
    expect(pdf).toContain('Total pagado $29,99');
    expect(pdf).not.toMatch(/IE \(|23 %/);
    expect(receipt).toContain('Importe pagado: $29,99');
    expect(receipt).toContain('Impuestos (DE, 19 %): $4,79');
    expect(receipt).not.toMatch(/\(IE, |23 %/);
  });

  it('stays due at the total it was issued for when the member moves out of every taxed country', async () => {
    await setTax({ mode: 'exclusive', rates: { ES: 2100 } });
    const member = await monthlyMemberIn('ES', 'en', FAILS_LATER);
    const sub = await declined(member);
    await giveCountry(t.app, member.token, 'US');
    const portal = await billing.portal(member);
    const refused = await billing.post(portal, { action: 'card', subscription: sub, ...FAILS_LATER });
    expect(refused.body).toContain('This card was declined for the $36.29 that is overdue.');
    expect((await billing.post(portal, { action: 'card', subscription: sub, ...CARD })).statusCode).toBe(303);
    const { charges, subscriptions } = await billing.customerOf(member);
    // The declined invoice as issued, 2999 + 630; the next renewal in the US, the price alone.
    expect(charges.map((c) => c.amount)).toEqual([3629, 3629]);
    expect(subscriptions.data[0]?.next_charge?.amount).toBe(2999);
    // Its invoice names the rule it was issued under, not a rate implied by the amounts.
    expect((await paidOverdue(member)).invoice.document.tax).toEqual([
      { label: 'ES', rateBasisPoints: 2100, amount: 630 },
    ]);
  });
});
