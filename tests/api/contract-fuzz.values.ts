// Values drawn from the contract's schemas for the contract fuzz test (contract-fuzz.test.ts): near the
// real ones for the fields that decide how far a request gets, and broken as a client could break them.
import fc from 'fast-check';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { PASSWORD } from './members.ts';

/** 10000-01-01T00:00:00Z: a JavaScript date, but not one PostgreSQL takes. */
export const YEAR_10000 = 253_402_300_800;

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type Schema = { [k: string]: Json };

// Stand-ins for a member of the sandbox server, made fresh for each request that names one: logout,
// a password or email change would otherwise spoil the one member for every later request.
export const MEMBER_ID = 'usr_fuzz_member';
export const MEMBER_TOKEN = 'fuzz-member-token';
export const MEMBER_EMAIL = `${MEMBER_ID}@example.test`;

/** What the servers hold once started: the sandbox's prices, and the Stripe server's member. */
export const world = { priceIds: [] as string[], subscriberId: '' };

export const text = (minLength: number, maxLength: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'binary' }) },
  );

/** Values near the real ones for the fields whose value decides how far a request gets. */
export function hinted(name: string | undefined): fc.Arbitrary<Json> | undefined {
  switch (name) {
    case 'trainerID':
      return fc.oneof({ weight: 4, arbitrary: fc.constant(DEMO_TRAINER_ID) }, fc.constant('other-trainer'));
    case 'email':
      return fc.constantFrom(MEMBER_EMAIL, 'someone@example.test');
    case 'password':
    case 'oldPassword':
    case 'currentPassword':
      return fc.constantFrom(PASSWORD, 'a brand new password');
    case 'prices':
      return fc.subarray(world.priceIds, { minLength: 1, maxLength: 3 });
    case 'route':
    case 'currentRoute':
      return fc.constantFrom('/', '/profile', '//evil.test', 'https://evil.test/');
    default:
      return undefined;
  }
}

export function fieldValue(schema: Schema, name?: string): fc.Arbitrary<Json> {
  const hint = hinted(name);
  const plain = plainValueOf(schema);
  return hint ? fc.oneof({ weight: 3, arbitrary: hint }, plain) : plain;
}

export function plainValueOf(schema: Schema): fc.Arbitrary<Json> {
  if ('const' in schema) return fc.constant(schema.const as Json);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.allOf)) {
    const { allOf, ...rest } = schema;
    return plainValueOf(Object.assign({}, ...(allOf as Schema[]), rest));
  }
  if (Array.isArray(schema.oneOf)) return fc.oneof(...(schema.oneOf as Schema[]).map((s) => plainValueOf(s)));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => plainValueOf({ ...schema, type })));
  }
  const min = (key: string, fallback: number) => (typeof schema[key] === 'number' ? schema[key] : fallback);
  switch (schema.type) {
    case 'string':
      if (schema.format === 'email') {
        return fc.stringMatching(/^[a-z0-9.]{1,20}$/).map((local) => `${local}@example.test`);
      }
      return text(min('minLength', 0), Math.min(min('maxLength', 40), 40));
    case 'integer':
      return fc.integer({ min: min('minimum', -1000), max: 100_000 });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fieldValue((schema.items ?? {}) as Schema), {
        minLength: min('minItems', 0),
        maxLength: Math.min(min('maxItems', 5), 5),
      });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      if (Object.keys(properties).length === 0) return fc.dictionary(fc.string(), fc.jsonValue()) as never;
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, fieldValue(s, key)])),
        { requiredKeys: required },
      ) as fc.Arbitrary<Json>;
    }
    default:
      return fc.jsonValue() as fc.Arbitrary<Json>;
  }
}

export const wrongValue: fc.Arbitrary<Json> = fc.oneof(
  fc.jsonValue() as fc.Arbitrary<Json>,
  fc.constantFrom<Json>(null, '', 0, -1, 1e308, true, [], {}, '\u0000', 'a\u0000b'),
  fc.constant('x'.repeat(100_000)),
  fc.string({ unit: 'binary', maxLength: 300 }),
);

/** A body of the operation's shape, or one broken in a single place. */
export function objectBody(schema: Schema): fc.Arbitrary<Json> {
  const valid = plainValueOf(schema);
  if (schema.type !== 'object') return valid;
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          valid,
          fc.string({ maxLength: 12 }),
          wrongValue,
          fc.nat(),
          fc.constantFrom('set', 'drop', 'nest'),
        )
        .map(([body, extra, value, pick, how]) => {
          if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
          const keys = [...Object.keys((schema.properties ?? {}) as Schema), extra];
          const key = keys[pick % keys.length] as string;
          const copy: { [k: string]: Json } = { ...body };
          if (how === 'drop') delete copy[key];
          else if (how === 'nest') copy[key] = { [extra]: value };
          else copy[key] = value;
          return copy;
        }),
    },
  );
}

// ——— payment events, signed ———

export const eventTypes = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
  'charge.refunded',
  'charge.succeeded',
  'something.else',
];

export const seconds = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1_700_000_000, max: 1_900_000_000 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(YEAR_10000, YEAR_10000 - 1, 8_640_000_000_000, 0, -1, 2 ** 53 - 1),
  },
  { weight: 1, arbitrary: fc.oneof(fc.double(), fc.string({ maxLength: 12 })) as fc.Arbitrary<Json> },
);

export const paymentEvent: fc.Arbitrary<Json> = fc
  .record({
    id: fc.oneof(fc.constant('evt_fixed'), fc.stringMatching(/^evt_[a-z0-9]{1,20}$/), text(0, 300)),
    type: fc.constantFrom(...eventTypes),
    created: seconds,
    subscriptionId: fc.constantFrom('sub_fuzz_1', 'sub_fuzz_2'),
    status: fc.constantFrom('active', 'trialing', 'past_due', 'canceled', 'incomplete', 'weird'),
    when: fc.record({
      current_period_end: seconds,
      current_period_start: seconds,
      trial_end: fc.oneof(seconds, fc.constant(null)),
      billing_cycle_anchor: seconds,
      ended_at: fc.oneof(seconds, fc.constant(null)),
      next_payment_attempt: fc.oneof(seconds, fc.constant(null)),
    }),
    amount: fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(-1, 2 ** 31, 2 ** 53 - 1, 1.5)),
    priceId: fc.oneof(fc.constant('demo-trainer-price-weekly'), text(0, 80)),
    userId: fc.oneof(fc.constant('member'), text(0, 80)),
    extra: fc.dictionary(fc.string({ maxLength: 10 }), wrongValue, { maxKeys: 2 }),
  })
  .map((e) => {
    const metadata = {
      trainerId: DEMO_TRAINER_ID,
      userId: e.userId === 'member' ? world.subscriberId : e.userId,
      priceIds: e.priceId,
    };
    return {
      id: e.id,
      object: 'event',
      type: e.type,
      created: e.created,
      data: {
        object: {
          id: e.subscriptionId,
          object: e.type.split('.')[0] ?? 'x',
          customer: 'cus_fuzz',
          mode: 'subscription',
          status: e.status,
          cancel_at_period_end: false,
          ...e.when,
          items: {
            data: [{ current_period_end: e.when.current_period_end, price: { id: e.priceId } }],
          },
          discount: { coupon: { id: 'WELCOME10' }, end: e.when.current_period_end },
          amount_paid: e.amount,
          amount_due: e.amount,
          refunded: true,
          invoice: 'in_fuzz',
          lines: { data: [{ amount: e.amount }] },
          parent: { subscription_details: { subscription: e.subscriptionId, metadata } },
          metadata,
          ...e.extra,
        },
      },
    } as Json;
  });
