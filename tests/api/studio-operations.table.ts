// The oracle of the studio's authorisation test (studio-operations.test.ts): each studio operation
// with the status a visitor, another trainer's owner, a coach and an owner of this trainer must get.
import { PRICE } from './library-calls.ts';
import type { Member } from './members.ts';
import { SoftwareAuthenticator } from './studio-authenticator.ts';
import { ORIGIN, type Staff, type studioCalls } from './studio-calls.ts';

export interface Fixtures {
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
/** What the test's setup made, filled in before any row runs. */
export const fx = {} as Fixtures;

export type Role = 'visitor' | 'otherOwner' | 'coach' | 'owner';
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export interface Row {
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
export function authorisationTable(call: ReturnType<typeof studioCalls>): Record<string, Row> {
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
  return TABLE;
}
