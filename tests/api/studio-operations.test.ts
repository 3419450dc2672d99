// The studio's operations (decision 143). The authorisation table is written from the shared design,
// not from the server's STUDIO_RIGHTS: every studio operation of the contract against a visitor (no
// session), the owner of another trainer, a coach and an owner of this trainer, with the status each
// must get; an operation added to the contract without its row fails the first test. Then the refund
// with its preview and the 409 of a changed amount, the catalogue's dry run, and the audit's names.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID, seedTrainer } from '../../server/db/seed.ts';
import { contractOperations } from '../../server/http/contract.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createMember } from './fixtures.ts';
import { billingDriver } from './hosted-pages.ts';
import { moneyDriver, PRICE } from './library-calls.ts';
import { TEST_ENV } from './members.ts';
import {
  ADMIN,
  ADMIN_TOKEN,
  passkeySignIn,
  type Staff,
  sessionCookie,
  staffMember,
  studioCalls,
} from './studio-calls.ts';
import { authorisationTable, fx, type Role } from './studio-operations.table.ts';

const OTHER = 'studio-other-trainer';
let t: TestApp;
const driver = billingDriver(() => t);
const money = moneyDriver(driver);
const call = studioCalls(() => t);

async function admin(method: 'POST' | 'GET', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: ADMIN, ...(payload && { payload }) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

beforeAll(async () => {
  t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN } });
  await seedTrainer(t.context.db, { id: OTHER, name: 'Other Trainer' });
  const owner = await staffMember(t, DEMO_TRAINER_ID, 'owner', 'Olivia Owner');
  const coach = await staffMember(t, DEMO_TRAINER_ID, 'coach', 'Carl Coach');
  const victim = await staffMember(t, DEMO_TRAINER_ID, 'coach', 'Vera Leaving');
  const otherOwner = await staffMember(t, OTHER, 'owner', 'Otto Other');
  const ownerSecondSession = sessionCookie((await passkeySignIn(t, owner.authenticator)).res) ?? '';
  const buyer = await createMember(t.context);
  expect(await money.buy(buyer, PRICE.challenge)).toBe(303);
  const charge = (await driver.customerOf(buyer)).charges[0];
  const subscriber = await createMember(t.context);
  expect(await money.buy(subscriber, PRICE.monthly)).toBe(303);
  const subscriptionId = (await money.live(subscriber))?.id ?? '';
  const base = `/api/admin/trainers/${DEMO_TRAINER_ID}`;
  const grant = async () =>
    (await admin('POST', `${base}/members/${buyer.id}/grants`, { target: 'membership' })).grant.id as string;
  const plan = await admin('POST', `${base}/plans`, {
    interval: 'month',
    amount: 1234,
    nicknames: { en: 'Spare' },
  });
  const product = await admin('POST', `${base}/products`, {
    kind: 'course',
    slug: 'spare-course',
    names: { en: 'Spare course' },
    prices: [{ amount: 900, nicknames: { en: 'Spare course' } }],
  });
  const coupon = await admin('POST', `${base}/coupons`, {
    code: 'SPARE10',
    percentOff: 10,
    duration: 'once',
  });
  const products = await admin('GET', `${base}/products`);
  Object.assign(fx, {
    owner,
    coach,
    otherOwner,
    victim,
    ownerSecondSession,
    buyer,
    subscriber,
    chargeId: charge?.id ?? '',
    chargeAmount: charge?.amount ?? 0,
    subscriptionId,
    grants: { coach: await grant(), owner: await grant() },
    planToArchive: plan.plan.id,
    productToArchive: product.product.id,
    challengeId:
      (products.products as { id: string; kind: string }[]).find((p) => p.kind === 'challenge')?.id ?? '',
    couponToArchive: coupon.coupon.id,
  });
});
afterAll(() => t?.close());

const TABLE = authorisationTable(call);

describe('authorisation across trainers and roles', () => {
  it('has a row for every studio operation of the contract', () => {
    const studio = contractOperations()
      .filter((op) => (op.operation.tags as string[]).includes('studio'))
      .map((op) => op.id);
    expect(Object.keys(TABLE).sort()).toEqual([...studio].sort());
  });

  it('answers each operation with the status the table gives each caller', async () => {
    const roles: Role[] = ['visitor', 'otherOwner', 'coach', 'owner'];
    const cookies = () => [undefined, fx.otherOwner.cookie, fx.coach.cookie, fx.owner.cookie];
    const wrong: string[] = [];
    for (const [op, row] of Object.entries(TABLE)) {
      for (const [i, role] of roles.entries()) {
        const cookie = cookies()[i];
        const request = await row.request(role, cookie);
        const { res } = await call({ op: op as 'studioMe', ...request, cookie });
        if (res.statusCode !== row.expect[i])
          wrong.push(`${op} ${role}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('money, catalogue and audit as a staff member', () => {
  let owner: Staff;
  let coach: Staff;
  beforeAll(async () => {
    owner = await staffMember(t, DEMO_TRAINER_ID, 'owner', 'Rita Refunds');
    coach = await staffMember(t, DEMO_TRAINER_ID, 'coach', 'Cody Coach');
  });

  it('previews a refund in the confirmation words, refuses a changed amount with the new preview, refunds the confirmed one', async () => {
    const member = await createMember(t.context);
    expect(await money.buy(member, PRICE.challenge)).toBe(303);
    const charge = (await driver.customerOf(member)).charges[0];
    const url = `/api/studio/charges/${charge?.id}/refund`;
    const refusedCoach = await call({
      op: 'studioPreviewRefund',
      method: 'GET',
      url,
      cookie: coach.cookie,
      headers: { 'accept-language': 'es' },
    });
    expect(refusedCoach.res.statusCode).toBe(403);
    expect(refusedCoach.body.message).toMatch(/Solo un propietario/);

    const preview = await call({ op: 'studioPreviewRefund', method: 'GET', url, cookie: owner.cookie });
    const refund = preview.body.refund as {
      amount: number;
      currency: string;
      card: unknown;
      loses: unknown[];
      alreadyRefunded: boolean;
    };
    expect(refund).toMatchObject({
      amount: charge?.amount,
      currency: charge?.currency,
      alreadyRefunded: false,
    });
    expect(refund.card).toEqual({ brand: 'Visa', last4: '4242' });
    expect(refund.loses).toEqual([{ kind: 'challenge', name: '30-Day Shred' }]);

    const changed = await call({
      op: 'studioRefundCharge',
      method: 'POST',
      url,
      cookie: owner.cookie,
      payload: { amount: refund.amount - 100, currency: refund.currency },
    });
    expect(changed.res.statusCode).toBe(409);
    expect(changed.body.refund).toEqual(refund);
    expect((await driver.customerOf(member)).charges[0]?.refunded).toBe(false);

    const done = await call({
      op: 'studioRefundCharge',
      method: 'POST',
      url,
      cookie: owner.cookie,
      payload: { amount: refund.amount, currency: refund.currency },
    });
    expect(done.res.statusCode, done.res.body).toBe(200);
    expect((await driver.customerOf(member)).charges[0]?.refunded).toBe(true);

    const rows = await t.context.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.subject, charge?.id ?? ''));
    expect(rows.map((r) => [r.action, r.actor, r.actorKind, r.actorEmail])).toEqual([
      ['studioRefundCharge', 'Rita Refunds', 'staff', owner.email],
    ]);
    const audit = await call({
      op: 'studioListAudit',
      method: 'GET',
      url: '/api/studio/audit',
      cookie: coach.cookie,
    });
    const entry = (audit.body.audit as { subject: string; actor: unknown }[]).find(
      (a) => a.subject === charge?.id,
    );
    expect(entry?.actor).toEqual({ kind: 'staff', name: 'Rita Refunds', email: owner.email });
    const page = await call({
      op: 'studioGetMember',
      method: 'GET',
      url: `/api/studio/members/${member.id}`,
      cookie: coach.cookie,
    });
    const shown = page.body.member as { audit: { action: string }[]; emails: { template: string }[] };
    expect(shown.audit.map((a) => a.action)).toContain('studioRefundCharge');
    expect(shown.emails.map((e) => e.template)).toContain('refund');
  });

  it('says before saving that a sold price would be archived and replaced, and changes nothing until saved', async () => {
    const url = `/api/studio/plans/${PRICE.annual}`;
    const member = await createMember(t.context);
    expect(await money.buy(member, PRICE.annual)).toBe(303);
    const dry = await call({
      op: 'studioUpdatePlan',
      method: 'PATCH',
      url: `${url}?dryRun=true`,
      cookie: owner.cookie,
      payload: { amount: 15000 },
    });
    expect(dry.res.statusCode).toBe(200);
    expect(dry.body.preview).toMatchObject({ replaces: true, changes: ['amount'] });
    expect(String((dry.body.preview as { summary: string }).summary)).toMatch(
      /archives it and adds a new price/,
    );
    const plans = await call({
      op: 'studioListPlans',
      method: 'GET',
      url: '/api/studio/plans',
      cookie: owner.cookie,
    });
    const annual = (plans.body.plans as { id: string; archived: boolean; amount: number }[]).find(
      (p) => p.id === PRICE.annual,
    );
    expect(annual?.archived).toBe(false);
    const names = await call({
      op: 'studioUpdatePlan',
      method: 'PATCH',
      url: `${url}?dryRun=true`,
      cookie: owner.cookie,
      payload: { trialDays: 3 },
    });
    expect(names.body.preview).toMatchObject({ replaces: false, changes: ['trialDays'] });
    const saved = await call({
      op: 'studioUpdatePlan',
      method: 'PATCH',
      url,
      cookie: owner.cookie,
      payload: { amount: 15000 },
    });
    expect(saved.body.replaced).toBe(PRICE.annual);
    expect((saved.body.plan as { amount: number }).amount).toBe(15000);
  });

  it('lists members a keyset page at a time, found by part of the email, with none skipped or repeated', async () => {
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createMember(t.context));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/studio/members?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await call({ op: 'studioListMembers', method: 'GET', url, cookie: coach.cookie });
      seen.push(...(page.body.members as { id: string }[]).map((m) => m.id));
      cursor = page.body.nextCursor as string | null;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const m of made) expect(seen).toContain(m.id);
    const found = await call({
      op: 'studioListMembers',
      method: 'GET',
      url: `/api/studio/members?q=${made[2]?.id.slice(4)}`,
      cookie: coach.cookie,
    });
    expect((found.body.members as { id: string }[]).map((m) => m.id)).toEqual([made[2]?.id]);
    const bad = await call({
      op: 'studioListMembers',
      method: 'GET',
      url: '/api/studio/members?cursor=bogus',
      cookie: coach.cookie,
    });
    expect(bad.res.statusCode).toBe(400);
  });
});
