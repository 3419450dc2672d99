// One factory per contract type (decision 104): machine, component and unit tests build the API's
// users, prices, subscriptions, purchases and products here, typed by
// openapi/schema.d.ts, so a field the contract adds or renames is changed in one place. Each gives a
// complete, valid object; a test overrides only what it is about.
import type { components } from '../openapi/schema.d.ts';

type Schemas = components['schemas'];
export type Plan = Schemas['Plan'];
export type Subscription = Schemas['Subscription'];
export type Charge = Schemas['Charge'];
export type Customer = Schemas['Customer'];
export type Profile = Schemas['Profile'];
export type User = Schemas['User'];
export type SubscriptionProduct = Schemas['SubscriptionProduct'];
export type OneTimeProduct = Schemas['OneTimeProduct'];
export type Products = Schemas['Products'];

/** A price (the contract's Plan): monthly, $10, recurring, active. */
export function aPlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 'price_1',
    product: 'prod_1',
    interval: 'month',
    interval_count: 1,
    amount: 1000,
    currency: 'usd',
    type: 'recurring',
    nickname: null,
    trialDays: null,
    active: true,
    ...overrides,
  };
}

/** A one-time price: whatever else it copies, it has no interval. */
export function aOneTimePlan(overrides: Partial<Plan> = {}): Plan {
  return aPlan({ ...overrides, type: 'one_time', interval: null, interval_count: null });
}

/** An active subscription of `aPlan()`, renewing far in the future. */
export function aSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 'sub_1',
    status: 'active',
    plan: aPlan(),
    current_period_end: '2999-01-01T00:00:00.000Z',
    cancel_at_period_end: false,
    trial_end: null,
    created: '2024-01-01T00:00:00.000Z',
    next_charge: null,
    scheduled_plan: null,
    payment_method: null,
    next_payment_attempt: null,
    ...overrides,
  };
}

/** A paid card charge; `priceId` names the price its invoice line is for. */
export function aCharge(overrides: Partial<Charge> & { priceId?: string } = {}): Charge {
  const { priceId = 'price_1', ...rest } = overrides;
  return {
    id: 'ch_1',
    amount: 1000,
    currency: 'usd',
    paid: true,
    refunded: false,
    created: '2024-01-01T00:00:00.000Z',
    payment_method: 'Visa •••• 4242',
    description: 'A purchase',
    invoice: { lines: { data: [{ price: { id: priceId } }] } },
    ...rest,
  };
}

/**
 * A customer with nothing bought and no trial taken. The prices held are those of the charges given
 * (paid, not refunded) unless named, as the server answers when the view holds every charge.
 */
export function aCustomer(overrides: Partial<Customer> = {}): Customer {
  const held = (overrides.charges ?? [])
    .filter((c) => c.paid && !c.refunded)
    .flatMap((c) => c.invoice.lines.data.map((line) => line.price.id));
  return {
    subscriptions: { data: [] },
    charges: [],
    charges_cursor: null,
    held_prices: [...new Set(held)],
    had_trial: false,
    ...overrides,
  };
}

/** A signed-in, verified member who has bought nothing. */
export function aUser(
  overrides: Partial<Omit<User, 'profile' | 'customer'>> & {
    profile?: Partial<Profile>;
    customer?: Partial<Customer>;
  } = {},
): User {
  const { profile, customer, ...rest } = overrides;
  return {
    _id: 'u1',
    token: 'session-token',
    email: 'member@example.com',
    email_verified: true,
    customer: aCustomer(customer),
    ...rest,
    profile: {
      name: 'Member',
      image: null,
      phone: null,
      endPlan_date: null,
      subscribed_plan: null,
      subscription_plan_type: null,
      member_since: '2024-01-01T00:00:00.000Z',
      ...profile,
    },
  };
}

/** A membership product with one monthly price. */
export function aSubscriptionProduct(overrides: Partial<SubscriptionProduct> = {}): SubscriptionProduct {
  return {
    id: 'prod_1',
    name: 'Membership',
    metadata: { typeProduct: 'subscription' },
    plans: [aPlan()],
    ...overrides,
  };
}

/** A challenge (or, with `metadata`, a course) sold at one one-time price, without its page texts. */
export function aOneTimeProduct(overrides: Partial<OneTimeProduct> = {}): OneTimeProduct {
  const slug = overrides.slug ?? 'challenge';
  return {
    id: `prod_${slug}`,
    slug,
    name: 'Challenge',
    metadata: { typeProduct: 'challenge' },
    plans: [aOneTimePlan({ product: `prod_${slug}` })],
    challengeImage: null,
    challengeHeaderText: null,
    challengeSubText: null,
    challengeButtonText: null,
    subscriptionHeaderText: null,
    subscriptionSubText: null,
    subscriptionButtonText: null,
    ...overrides,
  };
}

/** The trainer's catalogue: nothing on sale unless given. */
export function someProducts(overrides: Partial<Products> = {}): Products {
  return { success: true, subscriptions: [], challenges: [], courses: [], ...overrides };
}

export type LibraryUnitRef = Schemas['LibraryUnitRef'];
export type LibraryUnit = Schemas['LibraryUnit'];
export type LibraryItem = Schemas['LibraryItem'];
export type LibraryItemSummary = Schemas['LibraryItemSummary'];
export type LibraryOffer = Schemas['LibraryOffer'];
export type LibraryRefusal = Schemas['LibraryRefusal'];

/** A challenge's day as lists show it: day 1, open now. */
export function aLibraryUnitRef(overrides: Partial<LibraryUnitRef> = {}): LibraryUnitRef {
  return {
    key: 'day-1',
    number: 1,
    title: 'Full-body foundations',
    state: 'open',
    opensAt: '2026-06-01T00:00:00.000Z',
    doneAt: null,
    module: null,
    ...overrides,
  };
}

/** A day's content: a summary and one workout block, no video, no files. */
export function aLibraryUnit(overrides: Partial<LibraryUnit> = {}): LibraryUnit {
  return {
    key: 'day-1',
    number: 1,
    title: 'Full-body foundations',
    state: 'open',
    doneAt: null,
    module: null,
    summary: 'Four moves to learn well.',
    image: null,
    video: null,
    blocks: [
      {
        key: 'squat',
        exercise: 'Bodyweight squat',
        sets: 2,
        reps: 12,
        seconds: null,
        restSeconds: 60,
        note: null,
        image: null,
        video: null,
      },
    ],
    body: [],
    files: [],
    ...overrides,
  };
}

/** The 30-Day Shred's product as a refusal offers it: one price of $49. */
export function aLibraryOffer(overrides: Partial<LibraryOffer> = {}): LibraryOffer {
  return {
    kind: 'challenge',
    slug: 'challenge',
    name: 'Challenge',
    plans: [aOneTimePlan({ product: 'prod_challenge', amount: 4900 })],
    ...overrides,
  };
}

/** A program held by purchase, started, its first day open: no progress yet. */
export function aLibraryItem(overrides: Partial<LibraryItem> = {}): LibraryItem {
  const units = overrides.units ?? [aLibraryUnitRef()];
  return {
    kind: 'challenge',
    slug: 'challenge',
    title: 'Challenge',
    intro: null,
    image: null,
    via: 'purchase',
    since: '2026-06-01T00:00:00.000Z',
    until: null,
    startedAt: '2026-06-01T00:00:00.000Z',
    modules: [],
    units,
    progress: { done: 0, total: units.length, next: units[0] ?? null },
    streak: 0,
    lastUnitKey: null,
    ...overrides,
  };
}

/** An item as the library lists it: the program above, its progress and next day. */
export function aLibraryItemSummary(overrides: Partial<LibraryItemSummary> = {}): LibraryItemSummary {
  const item = aLibraryItem();
  return {
    kind: item.kind,
    slug: item.slug,
    title: item.title,
    summary: null,
    image: null,
    via: item.via,
    since: item.since,
    until: null,
    progress: item.progress,
    lastUnitKey: null,
    ...overrides,
  };
}
