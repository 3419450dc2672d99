// Billing details (decision 155), through the real API: the member's, cleaned and stated by the next
// invoice, refused with a clear message and nothing changed; the trainer's, set by the admin API.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.ts';
import { expectContract } from './contract.ts';
import { createMember } from './fixtures.ts';
import {
  admin,
  buyChallenge,
  download,
  invoicesApp,
  type Listed,
  listed,
  OTHER,
  t,
} from './invoices.fixtures.ts';
import type { Member } from './members.ts';
import { pdfText } from './pdf-text.ts';

invoicesApp();

describe('billing details', () => {
  const put = (member: Member, body: object, lang = 'en') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/user/billing-details',
      headers: { token: member.token, 'accept-language': lang },
      payload: body,
    });
  const stored = async (member: Member) => {
    const [row] = await t.context.db.select().from(users).where(eq(users.id, member.id));
    return { company: row?.billingCompany, address: row?.billingAddress, taxId: row?.billingTaxId };
  };

  it('saves them cleaned, and the next invoice is made out to the company', async () => {
    const member = await createMember(t.context);
    const res = await put(member, {
      company: '  Acme Gym Ltd ',
      address: '1 High Street\n\n  London  \nEC1A 1AA',
      taxId: 'gb 123 4567 89',
    });
    expectContract(res, 'updateBillingDetails');
    expect(res.json().billingDetails).toEqual({
      company: 'Acme Gym Ltd',
      address: '1 High Street\nLondon\nEC1A 1AA',
      taxId: 'GB 123 4567 89',
      country: null,
    });
    const got = await t.app.inject({
      method: 'GET',
      url: '/api/user/billing-details',
      headers: { token: member.token },
    });
    expectContract(got, 'getBillingDetails');
    expect(got.json().billingDetails.company).toBe('Acme Gym Ltd');
    await buyChallenge(member);
    const [invoice] = (await listed(member)).invoices as [Listed];
    const text = await pdfText(
      (await download(new URL(invoice.pdfUrl).pathname, { token: member.token })).rawPayload,
    );
    expect(text).toContain('Acme Gym Ltd');
    expect(text).toContain('1 High Street London EC1A 1AA');
    expect(text).toContain('Tax ID: GB 123 4567 89');
    // Issued documents keep what they said: clearing the details changes no invoice.
    await put(member, { company: null, address: null, taxId: null });
    const again = await pdfText(
      (await download(new URL(invoice.pdfUrl).pathname, { token: member.token })).rawPayload,
    );
    expect(again).toContain('Acme Gym Ltd');
  });

  it.each([
    [
      { company: 'Acme', address: null, taxId: 'GB@123' },
      'The tax ID can have only letters, digits, spaces, dots, dashes and slashes',
    ],
    [{ company: 'Acme', address: null, taxId: 'X'.repeat(31) }, 'The tax ID can be at most 30 characters'],
    [
      { company: 'Acme', address: '1\n2\n3\n4\n5\n6\n7', taxId: null },
      'The address can have at most 6 lines',
    ],
    [
      { company: 'A'.repeat(201), address: null, taxId: null },
      'The company name can be at most 200 characters',
    ],
  ])('refuses %j with a clear message and changes nothing', async (body, message) => {
    const member = await createMember(t.context);
    await put(member, { company: 'Kept Co', address: 'Kept Street 1', taxId: 'K1' });
    const before = await stored(member);
    const res = await put(member, body);
    expectContract(res, 'updateBillingDetails');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await stored(member)).toEqual(before);
  });

  it('refuses in the member’s language, and refuses a visitor', async () => {
    const member = await createMember(t.context, { locale: 'es' });
    const res = await put(member, { company: null, address: null, taxId: 'NIF#1' }, 'es');
    expect(res.json().message).toBe(
      'El NIF solo puede tener letras, números, espacios, puntos, guiones y barras',
    );
    const visitor = await t.app.inject({
      method: 'PUT',
      url: '/api/user/billing-details',
      payload: { company: null, address: null, taxId: null },
    });
    expect(visitor.statusCode).toBe(401);
    const missing = await put(member, { company: 'Only this' });
    expect(missing.statusCode).toBe(400);
  });
});

describe('the trainer’s invoicing details', () => {
  it('are set by the admin API, audited, and stated by the invoices issued after', async () => {
    const changed = await admin('adminUpdateTrainer', 'PATCH', `/api/admin/trainers/${OTHER}`, {
      legalName: 'Other Trainer Ltd',
      address: '2 Low Road\nLeeds',
      taxId: 'gb999',
    });
    expect(changed.res.statusCode).toBe(200);
    expect(changed.body.trainer).toMatchObject({
      legalName: 'Other Trainer Ltd',
      address: '2 Low Road\nLeeds',
      taxId: 'GB999',
    });
    const bad = await admin('adminUpdateTrainer', 'PATCH', `/api/admin/trainers/${OTHER}`, { taxId: 'no!' });
    expect(bad.res.statusCode).toBe(400);
    expect(
      (await admin('adminGetTrainer', 'GET', `/api/admin/trainers/${OTHER}`)).body.trainer,
    ).toMatchObject({ taxId: 'GB999' });
    const member = await createMember(t.context, { trainerId: OTHER });
    await buyChallenge(member);
    const [invoice] = (await listed(member)).invoices as [Listed];
    const text = await pdfText(
      (await download(new URL(invoice.pdfUrl).pathname, { token: member.token })).rawPayload,
    );
    expect(text).toContain('Other Trainer Ltd');
    expect(text).toContain('2 Low Road Leeds');
    expect(text).toContain('Tax ID: GB999');
  });
});
