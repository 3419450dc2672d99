// The access rule's rows for plan-limited entries, the operator's grants, and several holdings at once
// (the rule's words and the rows' shapes: access.table.ts).
import {
  type AccessCase,
  annualOnly,
  at,
  closed,
  course,
  grant,
  library,
  open,
  paid,
  row,
  SHRED,
  shred,
  sub,
} from './access.table.ts';

const MAR1 = '2027-03-01T10:00:00Z';
const JAN15 = '2027-01-15T08:00:00Z';

export const PLAN_CASES: AccessCase[] = [
  row(
    'an entry limited to the annual plan is closed to a monthly subscriber',
    annualOnly,
    [sub('active')],
    MAR1,
    closed('planNotIncluded'),
  ),
  row(
    'an entry limited to the annual plan opens for an annual subscriber',
    annualOnly,
    [sub('active', { lookupKey: 'annual' })],
    MAR1,
    open('subscription', JAN15),
  ),
  row(
    'an entry limited to several plans opens on any of them',
    { kind: 'library', plans: ['annual', 'quarterly'] },
    [sub('trialing', { lookupKey: 'quarterly' })],
    MAR1,
    open('subscription', JAN15),
  ),
  row(
    'an entry with an empty list of plans opens on every plan',
    { kind: 'library', plans: [] },
    [sub('active')],
    MAR1,
    open('subscription', JAN15),
  ),
  row(
    'an entry for every plan opens for a price without a lookup key',
    library,
    [sub('active', { lookupKey: null })],
    MAR1,
    open('subscription', JAN15),
  ),
  row(
    'an entry limited to a plan is closed to a price without a lookup key',
    annualOnly,
    [sub('active', { lookupKey: null })],
    MAR1,
    closed('planNotIncluded'),
  ),
  row(
    'an overdue subscriber on a plan that does not include the entry is told the plan: paying would not open it',
    annualOnly,
    [sub('past_due')],
    MAR1,
    closed('planNotIncluded'),
  ),
  row(
    'an overdue subscriber on a plan that includes the entry is told it is overdue',
    annualOnly,
    [sub('past_due', { lookupKey: 'annual' })],
    MAR1,
    closed('overdue'),
  ),
  row(
    'an ended subscription on another plan is told it ended',
    annualOnly,
    [sub('canceled')],
    MAR1,
    closed('ended'),
  ),
  row(
    "a subscription on another plan whose cancelled period has run out is told it ended, before the gateway's ending event",
    annualOnly,
    [sub('active', { cancelAtPeriodEnd: true })],
    '2027-04-15T08:00:00Z',
    closed('ended'),
  ),
];

const FEB1 = '2027-02-01T00:00:00Z';

export const GRANT_CASES: AccessCase[] = [
  row(
    'a membership grant with no end opens the library',
    library,
    [grant('membership', FEB1)],
    MAR1,
    open('grant', FEB1),
  ),
  row(
    'a membership grant opens entries limited to a plan: it names none',
    annualOnly,
    [grant('membership', FEB1)],
    MAR1,
    open('grant', FEB1),
  ),
  row(
    'a grant with an end opens until that end',
    library,
    [grant('membership', FEB1, '2027-03-31T00:00:00Z')],
    '2027-03-30T23:59:59.999Z',
    open('grant', FEB1, '2027-03-31T00:00:00Z'),
  ),
  row(
    'a grant closes at its end',
    library,
    [grant('membership', FEB1, '2027-03-31T00:00:00Z')],
    '2027-03-31T00:00:00Z',
    closed('grantEnded'),
  ),
  row(
    'a revoked grant closes at once',
    shred,
    [grant({ productId: SHRED }, FEB1, null, '2027-03-10T00:00:00Z')],
    '2027-03-10T00:00:00Z',
    closed('grantEnded'),
  ),
  row(
    'before its revocation, a grant with a later end was open until the revocation',
    shred,
    [grant({ productId: SHRED }, FEB1, '2027-06-30T00:00:00Z', '2027-03-10T00:00:00Z')],
    '2027-03-09T00:00:00Z',
    open('grant', FEB1, '2027-03-10T00:00:00Z'),
  ),
  row(
    'a grant revoked after its end closes at its end',
    shred,
    [grant({ productId: SHRED }, FEB1, '2027-03-31T00:00:00Z', '2027-04-10T00:00:00Z')],
    '2027-03-09T00:00:00Z',
    open('grant', FEB1, '2027-03-31T00:00:00Z'),
  ),
  row(
    'a grant that begins later opens nothing yet',
    library,
    [grant('membership', '2027-04-01T00:00:00Z')],
    MAR1,
    closed('notHeld'),
  ),
  row(
    'a product grant opens that product',
    shred,
    [grant({ productId: SHRED }, FEB1)],
    MAR1,
    open('grant', FEB1),
  ),
  row(
    'a product grant opens no other product',
    course,
    [grant({ productId: SHRED }, FEB1)],
    MAR1,
    closed('notHeld'),
  ),
  row(
    'a product grant does not open the library',
    library,
    [grant({ productId: SHRED }, FEB1)],
    MAR1,
    closed('notHeld'),
  ),
  row(
    'a membership grant does not open a challenge',
    shred,
    [grant('membership', FEB1)],
    MAR1,
    closed('notHeld'),
  ),
];

const APR15 = '2027-04-15T08:00:00Z';

export const SEVERAL_CASES: AccessCase[] = [
  row('with no holdings nothing is open', library, [], MAR1, closed('notHeld')),
  row(
    'a refunded purchase and a live grant: open through the grant',
    shred,
    [paid(SHRED, FEB1, '2027-02-10T00:00:00Z'), grant({ productId: SHRED }, '2027-02-20T00:00:00Z')],
    MAR1,
    open('grant', '2027-02-20T00:00:00Z'),
  ),
  row(
    'an ended subscription and a membership grant: open through the grant',
    library,
    [sub('canceled', { endedAt: at(FEB1) }), grant('membership', FEB1)],
    MAR1,
    open('grant', FEB1),
  ),
  row(
    'an overdue subscription and a membership grant: the grant keeps the library open',
    library,
    [sub('past_due'), grant('membership', FEB1, '2027-06-30T00:00:00Z')],
    MAR1,
    open('grant', FEB1, '2027-06-30T00:00:00Z'),
  ),
  row(
    'a grant with an end and a purchase: open with no end through the purchase, since the earlier grant',
    shred,
    [grant({ productId: SHRED }, FEB1, '2027-03-31T00:00:00Z'), paid(SHRED, MAR1)],
    '2027-03-02T00:00:00Z',
    open('purchase', FEB1),
  ),
  row(
    'a subscription cancelled for April 15 and a grant until June 30: open until June 30 through the grant',
    library,
    [sub('active', { cancelAtPeriodEnd: true }), grant('membership', MAR1, '2027-06-30T00:00:00Z')],
    '2027-03-02T00:00:00Z',
    open('grant', JAN15, '2027-06-30T00:00:00Z'),
  ),
  row(
    'a grant and a purchase, neither with an end: the purchase is named, the member paid for it',
    shred,
    [grant({ productId: SHRED }, FEB1), paid(SHRED, MAR1)],
    '2027-03-02T00:00:00Z',
    open('purchase', FEB1),
  ),
  row(
    'a subscription and a grant, neither with an end: the subscription is named',
    library,
    [sub('active'), grant('membership', FEB1)],
    MAR1,
    open('subscription', JAN15),
  ),
  row(
    'a refunded purchase and an ended grant: the refund is told',
    shred,
    [grant({ productId: SHRED }, FEB1, '2027-02-15T00:00:00Z'), paid(SHRED, FEB1, '2027-02-10T00:00:00Z')],
    MAR1,
    closed('refunded'),
  ),
  row(
    'an overdue subscription and an ended grant: overdue is told, the member can mend it',
    library,
    [grant('membership', FEB1, '2027-02-15T00:00:00Z'), sub('past_due')],
    MAR1,
    closed('overdue'),
  ),
  row(
    "an ended subscription and an ended grant: the subscription's end is told",
    library,
    [grant('membership', FEB1, '2027-02-15T00:00:00Z'), sub('canceled', { endedAt: at(APR15) })],
    '2027-05-01T00:00:00Z',
    closed('ended'),
  ),
  row(
    'a monthly subscription and an ended grant on an annual entry: the plan is told',
    annualOnly,
    [grant('membership', FEB1, '2027-02-15T00:00:00Z'), sub('active')],
    MAR1,
    closed('planNotIncluded'),
  ),
  row(
    'a grant that begins later and a refunded purchase: the refund is told',
    shred,
    [grant({ productId: SHRED }, '2027-04-01T00:00:00Z'), paid(SHRED, FEB1, '2027-02-10T00:00:00Z')],
    MAR1,
    closed('refunded'),
  ),
];
