// The emails that tell a member what happens to what they can open (decision 138): a refund closes
// its product unless something else keeps it open, a subscription's refund changes nothing; a
// cancellation says the library closes at the period's end, an ended subscription that it is closed,
// unless a grant keeps it open (then until when). Both languages, read from the outbox as sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { adminCalls } from './contract.ts';
import { createMember } from './fixtures.ts';
import { billingDriver } from './hosted-pages.ts';
import { moneyDriver, PRICE } from './library-calls.ts';
import { type Member, TEST_ENV } from './members.ts';

const ADMIN = { 'admin-token': 'library-mail-admin-token-0123456789', 'admin-actor': 'Marta' };

let t: TestApp;
const driver = billingDriver(() => t);
const money = moneyDriver(driver);
const admin = adminCalls(() => t, ADMIN);
beforeAll(async () => {
  t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN: ADMIN['admin-token'] } });
});
afterAll(() => t.close());

const mailEnding = async (member: Member, subject: string) => {
  const found = (await driver.mailTo(member)).filter((m) => m.subject.endsWith(subject));
  expect(found, subject).toHaveLength(1);
  return found[0]?.text ?? '';
};
const grant = (member: Member, target: string, until?: string) =>
  admin('adminGrantAccess', 'POST', `/api/admin/trainers/demo-trainer/members/${member.id}/grants`, {
    target,
    ...(until && { until }),
  });

describe('the refund email', () => {
  it('says the product is closed now, in the member’s language', async () => {
    const m = await createMember(t.context, { locale: 'es' });
    await money.buy(m, PRICE.challenge);
    await money.refund(m, PRICE.challenge);
    expect(await mailEnding(m, ': tu reembolso')).toContain(
      'Reto Shred de 30 días queda cerrado para ti desde ahora. Lo que marcaste como hecho se guarda si vuelves a comprarlo.',
    );
  });

  it('says the product stays open when a grant keeps it open, and until when', async () => {
    const m = await createMember(t.context);
    await money.buy(m, PRICE.course);
    expect((await grant(m, 'strength-foundations', '2099-06-30')).res.statusCode).toBe(201);
    await money.refund(m, PRICE.course);
    const text = await mailEnding(m, ': your refund');
    expect(text).toContain(
      'Strength Foundations stays open to you until July 1, 2099 through other access you hold.',
    );
    expect(text).not.toContain('closed to you');
  });

  it('says a subscription’s refund changes nothing of what it opens', async () => {
    const m = await createMember(t.context, { hadTrial: true });
    await driver.subscribe(m, PRICE.weekly);
    await money.refund(m, PRICE.weekly);
    expect(await mailEnding(m, ': your refund')).toContain(
      'This refund does not change your subscription or what it opens.',
    );
  });
});

describe('the cancellation and ending emails', () => {
  it('say the library closes at the period’s end, then that it is closed', async () => {
    const m = await createMember(t.context, { hadTrial: true });
    await driver.subscribe(m, PRICE.weekly);
    await money.cancelAtPeriodEnd(m);
    const end = new Date((await money.live(m))?.current_period_end ?? 0);
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(end);
    expect(await mailEnding(m, ': your subscription has been cancelled')).toContain(
      `On ${day} the members' library closes to you. What you marked done stays saved if you subscribe again.`,
    );
    await driver.advance(m, 8);
    expect(await mailEnding(m, ': your subscription has ended')).toContain(
      "The members' library is closed to you now. What you marked done stays saved if you subscribe again.",
    );
  });

  it('say the library stays open when the operator granted the membership', async () => {
    const m = await createMember(t.context, { hadTrial: true, locale: 'es' });
    await driver.subscribe(m, PRICE.weekly);
    await grant(m, 'membership');
    await money.cancelAtPeriodEnd(m);
    expect(await mailEnding(m, ': tu suscripción ha sido cancelada')).toContain(
      'Después, la biblioteca de miembros sigue abierta para ti por otro acceso que tienes.',
    );
    await driver.advance(m, 8);
    expect(await mailEnding(m, ': tu suscripción ha terminado')).toContain(
      'La biblioteca de miembros sigue abierta para ti por otro acceso que tienes.',
    );
  });
});
