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
import type { Member } from './members.ts';
import { TEST_ENV } from './members.ts';
import { SoftwareAuthenticator } from './studio-authenticator.ts';
import {
  ADMIN,
  ADMIN_TOKEN,
  ORIGIN,
  passkeySignIn,
  type Staff,
  sessionCookie,
  staffMember,
  studioCalls,
} from './studio-calls.ts';

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

interface Fixtures {
  owner: Staff;
  coach: Staff;
  otherOwner: Staff;
  victim: Staff;
  ownerSecondSession: string;
  buyer: Member;
  subscriber: Member;
  chargeId: string;
  chargeAmount: number;
  subscriptionId: string;
  grants: { coach: string; owner: string };
  planToArchive: string;
  productToArchive: string;
  challengeId: string;
  couponToArchive: string;
}
let fx: Fixtures;

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
  fx = {
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
  };
});
afterAll(() => t?.close());

type Role = 'visitor' | 'otherOwner' | 'coach' | 'owner';
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Row {
  /** visitor, another trainer's owner, a coach and an owner of this trainer. */
  expect: [number, number, number, number];
  request: (
    role: Role,
    cookie: string | undefined,
  ) => Promise<{ method: Method; url: string; payload?: unknown }>;
}
const get = (url: string) => async () => ({ method: 'GET' as const, url });
const post = (url: string, payload?: unknown) => async () => ({ method: 'POST' as const, url, payload });
const unique = () => Math.random().toString(36).slice(2, 10);
const junkAnswer = {
  id: 'x',
  rawId: 'x',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
};

// The oracle: written from the design's roles (owner: everything; coach: members, progress and grants,
// reading the catalogue and the audit; the steps before a session open to all), 404 for another
// trainer's resource, 401 for a visitor. Rows run in this order; destructive ones use their own fixtures.
const TABLE: Record<string, Row> = {
  studioPasskeySignInOptions: {
    expect: [200, 200, 200, 200],
    request: post('/api/studio/sign-in/passkey/options'),
  },
  studioPasskeySignIn: {
    expect: [401, 401, 401, 401],
    request: post('/api/studio/sign-in/passkey', { response: junkAnswer }),
  },
  studioRequestSignInLink: {
    expect: [202, 202, 202, 202],
    request: post('/api/studio/sign-in/link', { email: 'nobody@studio.test' }),
  },
  studioVerifySignInLink: {
    expect: [401, 401, 401, 401],
    request: post('/api/studio/sign-in/link/verify', { token: 'nope' }),
  },
  studioGetInvite: { expect: [404, 404, 404, 404], request: get('/api/studio/invites/nope') },
  studioInvitePasskeyOptions: {
    expect: [404, 404, 404, 404],
    request: post('/api/studio/invites/nope/passkey/options', { name: 'N' }),
  },
  studioAcceptInvite: {
    expect: [404, 404, 404, 404],
    request: post('/api/studio/invites/nope/passkey', {
      name: 'N',
      response: { ...junkAnswer, response: { clientDataJSON: 'e30', attestationObject: 'AA' } },
    }),
  },
  studioMe: { expect: [401, 200, 200, 200], request: get('/api/studio/me') },
  studioListSessions: { expect: [401, 200, 200, 200], request: get('/api/studio/sessions') },
  studioRevokeSession: {
    expect: [401, 404, 404, 200],
    request: async () => {
      const listed = await call({
        op: 'studioListSessions',
        method: 'GET',
        url: '/api/studio/sessions',
        cookie: fx.ownerSecondSession,
      });
      const id = (listed.body.sessions as { id: string; current: boolean }[]).find((s) => s.current)?.id;
      return { method: 'DELETE', url: `/api/studio/sessions/${id}` };
    },
  },
  studioListPasskeys: { expect: [401, 200, 200, 200], request: get('/api/studio/passkeys') },
  studioAddPasskeyOptions: { expect: [401, 200, 200, 200], request: post('/api/studio/passkeys/options') },
  studioAddPasskey: {
    expect: [401, 201, 201, 201],
    request: async (_role, cookie) => {
      const options = await call({
        op: 'studioAddPasskeyOptions',
        method: 'POST',
        url: '/api/studio/passkeys/options',
        cookie,
      });
      const challenge = (options.body.options as { challenge?: string } | undefined)?.challenge ?? 'none';
      const response = new SoftwareAuthenticator(ORIGIN).register({ challenge });
      return { method: 'POST', url: '/api/studio/passkeys', payload: { response } };
    },
  },
  studioRemovePasskey: {
    // The owner's first passkey: another's is not found; the owner may remove it (a second was added above).
    expect: [401, 404, 404, 200],
    request: async () => {
      const listed = await call({
        op: 'studioListPasskeys',
        method: 'GET',
        url: '/api/studio/passkeys',
        cookie: fx.owner.cookie,
      });
      const id = (listed.body.passkeys as { id: string }[])[0]?.id;
      return { method: 'DELETE', url: `/api/studio/passkeys/${id}` };
    },
  },
  studioListStaff: { expect: [401, 200, 403, 200], request: get('/api/studio/staff') },
  studioInviteStaff: {
    expect: [401, 201, 403, 201],
    request: async () => ({
      method: 'POST',
      url: '/api/studio/staff/invites',
      payload: { email: `new-${unique()}@studio.test`, role: 'coach' },
    }),
  },
  studioRemoveStaff: {
    expect: [401, 404, 403, 200],
    request: async () => ({ method: 'DELETE', url: `/api/studio/staff/${fx.victim.id}` }),
  },
  studioChangeStaffRole: {
    // The coach kept a coach: another trainer's owner does not find them.
    expect: [401, 404, 403, 200],
    request: async () => ({
      method: 'PATCH',
      url: `/api/studio/staff/${fx.coach.id}`,
      payload: { role: 'coach' },
    }),
  },
  studioListMembers: { expect: [401, 200, 200, 200], request: get('/api/studio/members') },
  studioGetMember: {
    expect: [401, 404, 200, 200],
    request: async () => ({ method: 'GET', url: `/api/studio/members/${fx.buyer.id}` }),
  },
  studioGrantAccess: {
    expect: [401, 404, 201, 201],
    request: async () => ({
      method: 'POST',
      url: `/api/studio/members/${fx.buyer.id}/grants`,
      payload: { target: 'membership' },
    }),
  },
  studioRevokeGrant: {
    expect: [401, 404, 200, 200],
    request: async (role) => ({
      method: 'DELETE',
      url: `/api/studio/members/${fx.buyer.id}/grants/${role === 'owner' ? fx.grants.owner : fx.grants.coach}`,
    }),
  },
  studioPreviewRefund: {
    expect: [401, 404, 403, 200],
    request: async () => ({ method: 'GET', url: `/api/studio/charges/${fx.chargeId}/refund` }),
  },
  studioRefundCharge: {
    expect: [401, 404, 403, 200],
    request: async () => ({
      method: 'POST',
      url: `/api/studio/charges/${fx.chargeId}/refund`,
      payload: { amount: fx.chargeAmount, currency: 'usd' },
    }),
  },
  studioPreviewCancel: {
    expect: [401, 404, 403, 200],
    request: async () => ({
      method: 'GET',
      url: `/api/studio/subscriptions/${fx.subscriptionId}/cancel?at=period_end`,
    }),
  },
  studioCancelSubscription: {
    expect: [401, 404, 403, 200],
    request: async () => ({
      method: 'POST',
      url: `/api/studio/subscriptions/${fx.subscriptionId}/cancel`,
      payload: { at: 'period_end' },
    }),
  },
  studioListPlans: { expect: [401, 200, 200, 200], request: get('/api/studio/plans') },
  studioAddPlan: {
    expect: [401, 201, 403, 201],
    request: post('/api/studio/plans', { interval: 'year', amount: 9900, nicknames: { en: 'Yearly' } }),
  },
  studioUpdatePlan: {
    expect: [401, 404, 403, 200],
    request: async () => ({
      method: 'PATCH',
      url: `/api/studio/plans/${PRICE.monthly}?dryRun=true`,
      payload: { amount: 1 },
    }),
  },
  studioArchivePlan: {
    expect: [401, 404, 403, 200],
    request: async () => ({ method: 'POST', url: `/api/studio/plans/${fx.planToArchive}/archive` }),
  },
  studioListProducts: { expect: [401, 200, 200, 200], request: get('/api/studio/products') },
  studioAddProduct: {
    expect: [401, 201, 403, 201],
    request: async () => ({
      method: 'POST',
      url: '/api/studio/products',
      payload: {
        kind: 'challenge',
        slug: `c-${unique()}`,
        names: { en: 'New' },
        prices: [{ amount: 500, nicknames: { en: 'New' } }],
      },
    }),
  },
  studioUpdateProduct: {
    expect: [401, 404, 403, 200],
    request: async () => ({
      method: 'PATCH',
      url: `/api/studio/products/${fx.challengeId}?dryRun=true`,
      payload: { position: 7 },
    }),
  },
  studioArchiveProduct: {
    expect: [401, 404, 403, 200],
    request: async () => ({ method: 'POST', url: `/api/studio/products/${fx.productToArchive}/archive` }),
  },
  studioListCoupons: { expect: [401, 200, 200, 200], request: get('/api/studio/coupons') },
  studioAddCoupon: {
    expect: [401, 201, 403, 201],
    request: async () => ({
      method: 'POST',
      url: '/api/studio/coupons',
      payload: { code: `C${unique()}`, percentOff: 5, duration: 'once' },
    }),
  },
  studioArchiveCoupon: {
    expect: [401, 404, 403, 200],
    request: async () => ({ method: 'POST', url: `/api/studio/coupons/${fx.couponToArchive}/archive` }),
  },
  studioListAudit: { expect: [401, 200, 200, 200], request: get('/api/studio/audit') },
  // Both roles read the figures; another trainer's staff read their own trainer's.
  studioMetrics: { expect: [401, 200, 200, 200], request: get('/api/studio/metrics') },
  // Last: it ends the session it is called with.
  studioSignOut: { expect: [401, 200, 200, 200], request: post('/api/studio/sign-out') },
};

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
