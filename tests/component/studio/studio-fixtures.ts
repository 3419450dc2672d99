// The studio's test world, shared by its page tests and its UI paths: Mia Member and her charges,
// the membership product and its plans, as the contract types them, and the member's page's
// answers (an owner signed in, the member, the products).
import { HttpResponse } from 'msw';
import type { components } from '../../../openapi/schema.d.ts';
import { contractHttp } from '../../contract-http.ts';
import { OWNER, signedIn } from './render-studio.tsx';

type Member = components['schemas']['StudioMember'];
type Charge = components['schemas']['AdminCharge'];
type AdminPlan = components['schemas']['AdminPlan'];
type AdminProduct = components['schemas']['AdminProduct'];

/** A paid charge by Visa •••• 4242, not refunded. */
export const studioCharge = (id: string, description: string, amount: number): Charge => ({
  id,
  priceId: `price_${id}`,
  description,
  amount,
  currency: 'usd',
  paid: true,
  refunded: false,
  refundedAt: null,
  paymentMethod: 'Visa •••• 4242',
  invoiceId: null,
  createdAt: '2026-11-02T10:00:00.000Z',
});

/** Mia Member, verified, with nothing on her page unless given. */
export const studioMember = (over: Partial<Member> = {}): Member => ({
  id: 'm1',
  name: 'Mia Member',
  email: 'mia@example.com',
  verified: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  subscriptions: [],
  charges: [],
  access: [],
  grants: [],
  cancellationReasons: [],
  emails: [],
  audit: [],
  progress: [],
  ...over,
});

/** A monthly plan of the membership in USD with a 7-day trial, not yet sold. */
export const studioPlan = (
  id: string,
  en: string,
  amount: number,
  over: Partial<AdminPlan> = {},
): AdminPlan => ({
  id,
  productId: 'prod_membership',
  productName: 'Membership',
  type: 'recurring',
  interval: 'month',
  intervalCount: 1,
  amount,
  currency: 'usd',
  trialDays: 7,
  nicknames: { en },
  archived: false,
  sold: false,
  ...over,
});

export const MEMBERSHIP: AdminProduct = {
  id: 'prod_membership',
  kind: 'subscription',
  slug: null,
  names: { en: 'Membership' },
  description: null,
  position: 0,
  page: null,
  archived: false,
  prices: [],
};

/** What the member's page reads: the owner signed in, `member`, and the trainer's products. */
export const memberPage = (member: Member, products: AdminProduct[] = []) => [
  signedIn(OWNER),
  contractHttp.get('/api/studio/members/{memberID}', () =>
    HttpResponse.json({ success: true as const, member }),
  ),
  contractHttp.get('/api/studio/products', () => HttpResponse.json({ success: true as const, products })),
];
