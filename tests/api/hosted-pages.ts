// What the billing tests do as a member does: start a checkout, read and submit the sandbox's hosted
// pages, open the portal, move the member's test clock, and read back the member view and emails.
// A checkout or plan-change form holds the digest of the quote on the page, so submitting one reads
// the page first, as a member would, unless the test brings the digest of an older page itself.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { toUserView } from '../../server/accounts/member-view.ts';
import { emailOutbox } from '../../server/db/schema.ts';
import { PaymentProcessor } from '../../server/payments/processor.ts';
import { advanceClock } from '../../server/sandbox/sandbox-clock.ts';
import type { TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { userRow } from './fixtures.ts';
import type { Member } from './members.ts';

export const CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
/** Pays when entered at checkout, declined on every later charge. */
export const FAILS_LATER = { number: '4000 0000 0000 0341', expiry: '12/40', cvc: '123' };
export const DAY = 24 * 60 * 60 * 1000;

const QUOTED_PAGE = /^\/sandbox\/(checkout\/[^/]+|portal\/[^/]+\/change)$/;

/** The quote digest the page at `path` carries in its form, or undefined when it shows no form. */
export async function shownPromise(app: FastifyInstance, path: string): Promise<string | undefined> {
  const page = await app.inject({ method: 'GET', url: path });
  return /name="promise" value="([^"]+)"/.exec(page.body)?.[1];
}

export async function submitPage(app: FastifyInstance, path: string, form: Record<string, string> = {}) {
  const fields = { ...form };
  if (fields.promise === undefined && QUOTED_PAGE.test(path)) {
    const promise = await shownPromise(app, path);
    if (promise !== undefined) fields.promise = promise;
  }
  return app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The member's side of billing on the app `app()` returns (it is started in a beforeAll). */
export function billingDriver(app: () => TestApp) {
  // One processor per app: a driver a helper module holds serves every file that imports it, each
  // file with an app of its own, and a processor over a closed app's database would fail.
  const processors = new WeakMap<TestApp, PaymentProcessor>();
  const processorOf = (t: TestApp) => {
    const known = processors.get(t);
    if (known) return known;
    const processor = new PaymentProcessor(
      t.context.db,
      'sandbox',
      t.context.mail,
      t.context.config.publicUrl,
      t.context.memberViews,
    );
    processors.set(t, processor);
    return processor;
  };

  const startSession = (member: Member, prices: string[], coupon?: string) =>
    app().app.inject({
      method: 'POST',
      url: `/api/user/startGatewayStripeSession${coupon ? `?coupon=${coupon}` : ''}`,
      headers: { token: member.token },
      payload: { prices, trainerID: member.trainerId, route: '/', campaign: null },
    });

  /** The path of the hosted page a new checkout (or, for a subscriber, a plan change) opens. */
  const start = async (member: Member, prices: string[], coupon?: string): Promise<string> => {
    const res = await startSession(member, prices, coupon);
    expectContract(res, 'startCheckoutSession');
    expect(res.statusCode).toBe(201);
    return new URL((res.json() as { url: string }).url).pathname;
  };

  const post = (path: string, form: Record<string, string> = {}) => submitPage(app().app, path, form);

  const customerOf = async (member: Member) =>
    (await toUserView(app().context.db, await userRow(app().context, member.id), member.token)).customer;

  const mailTo = async (member: Member) => {
    const user = await userRow(app().context, member.id);
    return app().context.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
  };

  return {
    startSession,
    start,
    post,
    customerOf,
    mailTo,
    async subscribe(member: Member, priceId: string, card = CARD, coupon?: string) {
      const res = await post(await start(member, [priceId], coupon), card);
      expect(res.statusCode).toBe(303);
    },
    async portal(member: Member): Promise<string> {
      const res = await app().app.inject({
        method: 'POST',
        url: '/api/user/openGatewayStripePortal',
        headers: { token: member.token },
        payload: { trainerID: member.trainerId },
      });
      expect(res.statusCode).toBe(201);
      return new URL((res.json() as { url: string }).url).pathname;
    },
    /** Moves the member's test clock ahead, sending what falls due on the way. */
    advanceBy: (member: Member, ms: number) => {
      const t = app();
      return advanceClock(processorOf(t), member.id, ms);
    },
    advance(member: Member, days: number) {
      return this.advanceBy(member, days * DAY);
    },
    processor: () => processorOf(app()),
  };
}
