// Refunds through the admin API (decision 120), made by the sandbox gateway's events as the billing
// portal's are, audited; every refusal a 4xx that changes nothing.

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { webhookEvents } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import {
  auditOf,
  base,
  call,
  challengeBuyer,
  chargesOf,
  driver,
  headers,
  membersAdminApp,
  OTHER,
  price,
  refund,
  subjects,
  subscriber,
  subscriptionOf,
  TOKEN,
  t,
} from './admin-members.fixtures.ts';
import { createMember } from './fixtures.ts';
import { CARD } from './hosted-pages.ts';

membersAdminApp();

describe('refunds', () => {
  it('refunds a one-time charge through the gateway’s event, as the portal does, and audits it', async () => {
    const { member, chargeId } = await challengeBuyer();
    const mailBefore = await subjects(member);

    const { res, body } = await refund(chargeId);
    expect(res.statusCode).toBe(200);
    expect(body).toMatchObject({ pending: false, charge: { id: chargeId, amount: 4900, refunded: true } });

    const [row] = await chargesOf(member);
    expect(row).toMatchObject({ refunded: true, amount: 4900 });
    // Recorded by the charge.refunded event, under the key a retry would send again.
    const [event] = await t.context.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, `evt_sandbox_refund-${chargeId}`));
    expect(event?.type).toBe('charge.refunded');
    // The member sees it as the portal's refund shows it, and may buy the challenge again.
    expect((await driver.customerOf(member)).charges).toEqual([
      expect.objectContaining({ id: chargeId, refunded: true }),
    ]);
    expect((await driver.startSession(member, [price('challenge')])).statusCode).toBe(201);
    // The member is told once, and that the challenge is closed to them now (decision 138).
    const after = await subjects(member);
    expect(after.filter((subject) => !mailBefore.includes(subject))).toEqual([
      expect.stringMatching(/: your refund$/),
    ]);
    expect(after).toHaveLength(mailBefore.length + 1);
    const notice = (await driver.mailTo(member)).find((m) => m.subject.endsWith(': your refund'));
    expect(notice?.text).toContain('We have refunded $49 for 30-Day Shred to Visa •••• 4242.');
    expect(notice?.text).toContain('30-Day Shred is closed to you from now on.');

    const [audit, ...more] = await auditOf(chargeId);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actor: 'Marta',
      action: 'adminRefundCharge',
      trainerId: DEMO_TRAINER_ID,
      before: expect.objectContaining({ id: chargeId, amount: 4900, refunded: false }),
      after: expect.objectContaining({ id: chargeId, amount: 4900, refunded: true }),
    });
  });

  it('refunds a subscription’s charge, recorded under its invoice, the subscription going on', async () => {
    const member = await subscriber();
    const [charge] = await chargesOf(member);
    const { res, body } = await refund(charge?.id ?? '', { amount: 1499 });
    expect(res.statusCode).toBe(200);
    expect(body.charge).toMatchObject({ amount: 1499, refunded: true, invoiceId: charge?.invoiceId });
    expect((await subscriptionOf(member)).status).toBe('active');
  });

  it('refuses twice, more than charged, part of a charge, and another trainer’s charge: 4xx, nothing changed', async () => {
    const { member, chargeId } = await challengeBuyer();
    const over = await refund(chargeId, { amount: 4901 });
    expect(over.res.statusCode).toBe(400);
    expect(over.body.message).toBe(
      `Charge ${chargeId} was 49.00 USD: a refund of 49.01 USD is more than was charged`,
    );
    const part = await refund(chargeId, { amount: 1000 });
    expect(part.res.statusCode).toBe(400);
    expect(part.body.message).toBe(
      `Charge ${chargeId} was 49.00 USD: a refund is of the whole amount, not 10.00 USD`,
    );
    const foreign = await refund(chargeId, {}, OTHER);
    expect(foreign.res.statusCode).toBe(404);
    expect(foreign.body.message).toBe(`Trainer ${OTHER} has no charge ${chargeId}`);
    const unknown = await refund('ch_nothing');
    expect(unknown.res.statusCode).toBe(404);
    expect((await chargesOf(member))[0]?.refunded).toBe(false);
    expect(await auditOf(chargeId)).toEqual([]);

    expect((await refund(chargeId)).res.statusCode).toBe(200);
    const twice = await refund(chargeId);
    expect(twice.res.statusCode).toBe(409);
    expect(twice.body.message).toBe(`Charge ${chargeId} is already refunded`);
    expect(await auditOf(chargeId)).toHaveLength(1);
  });

  it('refunds once when two refunds of one charge are asked at the same moment', async () => {
    const { member, chargeId } = await challengeBuyer();
    const both = await Promise.all([refund(chargeId), refund(chargeId)]);
    expect(both.map((r) => r.res.statusCode).sort()).toEqual([200, 409]);
    expect((await chargesOf(member)).map((c) => c.refunded)).toEqual([true]);
    expect(await auditOf(chargeId)).toHaveLength(1);
  });

  it('refuses a line of a payment of several lines, which the gateway would refund whole', async () => {
    const member = await createMember(t.context);
    const path = await driver.start(member, [price('challenge'), price('course')]);
    expect((await driver.post(path, CARD)).statusCode).toBe(303);
    const lines = await chargesOf(member);
    expect(lines.map((c) => c.amount).sort()).toEqual([4900, 9900]);
    const { res, body } = await refund(lines[0]?.id ?? '');
    expect(res.statusCode).toBe(409);
    expect(body.message).toBe(
      `Charge ${lines[0]?.id} is one line of a payment of several lines: it cannot be refunded alone`,
    );
    expect((await chargesOf(member)).map((c) => c.refunded)).toEqual([false, false]);
  });

  it('validates the body and needs the token', async () => {
    const { member, chargeId } = await challengeBuyer();
    expect((await refund(chargeId, { amount: 0 })).res.statusCode).toBe(400);
    expect((await refund(chargeId, { amount: 4900, reason: 'x' })).res.statusCode).toBe(400);
    const wrong = await call(
      'adminRefundCharge',
      'POST',
      `${base()}/charges/${chargeId}/refund`,
      {},
      {
        ...headers,
        'admin-token': `${TOKEN}-wrong`,
      },
    );
    expect(wrong.res.statusCode).toBe(401);
    const noActor = await call(
      'adminRefundCharge',
      'POST',
      `${base()}/charges/${chargeId}/refund`,
      {},
      {
        'admin-token': TOKEN,
      },
    );
    expect(noActor.res.statusCode).toBe(400);
    expect((await chargesOf(member))[0]?.refunded).toBe(false);
  });
});
