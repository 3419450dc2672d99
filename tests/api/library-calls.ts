// The members' content as the API tests call it: each call with the member's token and language,
// each answer checked against the contract before the test reads it.
import type { LightMyRequestResponse } from 'fastify';
import type { components } from '../../openapi/schema.d.ts';
import type { TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { type billingDriver, CARD } from './hosted-pages.ts';
import type { Member } from './members.ts';

type Schemas = components['schemas'];
export type LibraryAnswer = {
  items: Schemas['LibraryItemSummary'][];
  locked: Schemas['LibraryLockedItem'][];
};
export type ItemAnswer = { item: Schemas['LibraryItem'] };
export type UnitAnswer = {
  item: { kind: string; slug: string; title: string };
  unit: Schemas['LibraryUnit'];
  previous: Schemas['LibraryUnitRef'] | null;
  next: Schemas['LibraryUnitRef'] | null;
};
export type MarkAnswer = {
  unit: Schemas['LibraryUnitRef'];
  progress: Schemas['LibraryProgress'];
  streak: number | null;
};
export type Refusal = Schemas['LibraryRefusal'];

export const SHRED = 'challenge/30-day-shred';
export const COURSE = 'course/strength-foundations';

/** An answer whose body is typed by its status: 200's as `T`, anything else as a refusal. */
export interface Answer<T> {
  res: LightMyRequestResponse;
  status: number;
  ok: T | null;
  refusal: Refusal | null;
}

export function libraryCalls(app: () => TestApp) {
  async function call<T>(
    op: 'getLibrary' | 'getLibraryItem' | 'getLibraryUnit' | 'markLibraryUnit',
    method: 'GET' | 'PUT',
    url: string,
    member: Pick<Member, 'token'> | null,
    { lang = 'en', payload }: { lang?: 'en' | 'es'; payload?: object } = {},
  ): Promise<Answer<T>> {
    const res = await app().app.inject({
      method,
      url,
      headers: { ...(member && { token: member.token }), 'accept-language': lang },
      ...(payload && { payload }),
    });
    const body = expectContract(res, op);
    return {
      res,
      status: res.statusCode,
      ok: res.statusCode === 200 ? (body as T) : null,
      refusal: res.statusCode === 200 ? null : (body as Refusal),
    };
  }
  return {
    library: (member: Pick<Member, 'token'> | null, lang?: 'en' | 'es') =>
      call<LibraryAnswer>('getLibrary', 'GET', '/api/user/library', member, lang ? { lang } : {}),
    item: (member: Pick<Member, 'token'> | null, item: string, lang?: 'en' | 'es') =>
      call<ItemAnswer>('getLibraryItem', 'GET', `/api/user/library/${item}`, member, lang ? { lang } : {}),
    unit: (member: Pick<Member, 'token'> | null, item: string, key: string, lang?: 'en' | 'es') =>
      call<UnitAnswer>(
        'getLibraryUnit',
        'GET',
        `/api/user/library/${item}/units/${encodeURIComponent(key)}`,
        member,
        lang ? { lang } : {},
      ),
    mark: (
      member: Pick<Member, 'token'> | null,
      item: string,
      key: string,
      done: boolean,
      lang?: 'en' | 'es',
    ) =>
      call<MarkAnswer>(
        'markLibraryUnit',
        'PUT',
        `/api/user/library/${item}/units/${encodeURIComponent(key)}/done`,
        member,
        { payload: { done }, ...(lang && { lang }) },
      ),
  };
}

export const PRICE = {
  challenge: 'demo-trainer-price-challenge',
  course: 'demo-trainer-price-course',
  monthly: 'demo-trainer-price-monthly',
  annual: 'demo-trainer-price-annual',
  weekly: 'demo-trainer-price-weekly',
} as const;

/** A library entry open to every plan, and one limited to the annual plan, as the demo's content has them. */
export const ENTRY = {
  everyPlan: 'workout/core-in-10',
  annualOnly: 'workout/kettlebell-swing-ladder',
} as const;

/** What a member does with money, through the sandbox's hosted pages, as billing-histories does. */
export function moneyDriver(driver: ReturnType<typeof billingDriver>) {
  return {
    async buy(member: Member, price: string, card = CARD): Promise<number> {
      return (await driver.post(await driver.start(member, [price]), card)).statusCode;
    },
    /** Refunds the member's newest paid charge of `price` (any price when not given) from the portal. */
    async refund(member: Member, price?: string): Promise<boolean> {
      const charges = (await driver.customerOf(member)).charges;
      const charge = charges.find(
        (c) => c.paid && !c.refunded && (!price || c.invoice.lines.data[0]?.price.id === price),
      );
      if (!charge) return false;
      const res = await driver.post(await driver.portal(member), { action: 'refund', charge: charge.id });
      return res.statusCode === 303;
    },
    async live(member: Member) {
      return (
        (await driver.customerOf(member)).subscriptions.data.find((s) => s.status !== 'canceled') ?? null
      );
    },
    async cancelAtPeriodEnd(member: Member): Promise<boolean> {
      const live = await this.live(member);
      if (!live) return false;
      const res = await driver.post(await driver.portal(member), { action: 'cancel', subscription: live.id });
      return res.statusCode === 303;
    },
    async changeCard(member: Member, card: typeof CARD): Promise<number | null> {
      const live = await this.live(member);
      if (!live) return null;
      const portal = await driver.portal(member);
      return (await driver.post(portal, { action: 'card', subscription: live.id, ...card })).statusCode;
    },
  };
}
