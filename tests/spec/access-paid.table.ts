// The access rule's rows for what a member paid for: one-time purchases and subscriptions (the rule's
// words and the rows' shapes: access.table.ts).
import {
  type AccessCase,
  at,
  COURSE,
  closed,
  course,
  library,
  open,
  paid,
  row,
  SHRED,
  shred,
  sub,
} from './access.table.ts';

const MAR1 = '2027-03-01T10:00:00Z';

export const PURCHASE_CASES: AccessCase[] = [
  row(
    'a challenge is open from the moment it is paid, with no end',
    shred,
    [paid(SHRED, MAR1)],
    MAR1,
    open('purchase', MAR1),
  ),
  row(
    'a purchase is not held before its payment',
    shred,
    [paid(SHRED, MAR1)],
    '2027-03-01T09:59:59.999Z',
    closed('notHeld'),
  ),
  row(
    'a course is held like a challenge',
    course,
    [paid(COURSE, MAR1)],
    '2027-06-01T00:00:00Z',
    open('purchase', MAR1),
  ),
  row(
    'a refund closes the challenge at once',
    shred,
    [paid(SHRED, MAR1, '2027-03-05T12:00:00Z')],
    '2027-03-05T12:00:00Z',
    closed('refunded'),
  ),
  row(
    'the instant before its refund, the challenge was open until the refund',
    shred,
    [paid(SHRED, MAR1, '2027-03-05T12:00:00Z')],
    '2027-03-05T11:59:59.999Z',
    open('purchase', MAR1, '2027-03-05T12:00:00Z'),
  ),
  row(
    'the purchase of another product does not open the challenge',
    shred,
    [paid(COURSE, MAR1)],
    MAR1,
    closed('notHeld'),
  ),
  row(
    "a one-time purchase does not open the membership's library",
    library,
    [paid(SHRED, MAR1)],
    MAR1,
    closed('notHeld'),
  ),
  row(
    'bought again after a refund, the challenge is open from the second payment',
    shred,
    [paid(SHRED, MAR1, '2027-03-05T12:00:00Z'), paid(SHRED, '2027-04-01T18:30:00Z')],
    '2027-04-02T00:00:00Z',
    open('purchase', '2027-04-01T18:30:00Z'),
  ),
];

const JAN15 = '2027-01-15T08:00:00Z';
const APR15 = '2027-04-15T08:00:00Z';

export const SUBSCRIPTION_CASES: AccessCase[] = [
  row(
    'a subscription in its trial opens the library',
    library,
    [sub('trialing')],
    MAR1,
    open('subscription', JAN15),
  ),
  row(
    'an active subscription opens the library, with no end while it renews',
    library,
    [sub('active')],
    MAR1,
    open('subscription', JAN15),
  ),
  row(
    'a subscription is not held before it starts',
    library,
    [sub('active')],
    '2027-01-15T07:59:59.999Z',
    closed('notHeld'),
  ),
  row(
    "an active subscription whose renewal is being charged at the period's end stays open: the gateway says when a renewal fails",
    library,
    [sub('active')],
    '2027-04-15T09:00:00Z',
    open('subscription', JAN15),
  ),
  row(
    "a subscription cancelled at the period's end stays open until that end",
    library,
    [sub('active', { cancelAtPeriodEnd: true })],
    '2027-04-15T07:59:59.999Z',
    open('subscription', JAN15, APR15),
  ),
  row(
    "a subscription cancelled at the period's end closes at that end, before the gateway's ending event comes",
    library,
    [sub('active', { cancelAtPeriodEnd: true })],
    APR15,
    closed('ended'),
  ),
  row(
    'a trial cancelled at its end stays open until the trial ends',
    library,
    [sub('trialing', { cancelAtPeriodEnd: true, currentPeriodEnd: at('2027-01-29T08:00:00Z') })],
    '2027-01-28T08:00:00Z',
    open('subscription', JAN15, '2027-01-29T08:00:00Z'),
  ),
  row(
    'a trial cancelled at its end closes when the trial ends',
    library,
    [sub('trialing', { cancelAtPeriodEnd: true, currentPeriodEnd: at('2027-01-29T08:00:00Z') })],
    '2027-01-29T08:00:00Z',
    closed('ended'),
  ),
  row(
    'a renewal overdue pauses the library (decision 092)',
    library,
    [sub('past_due')],
    MAR1,
    closed('overdue'),
  ),
  row('an unpaid subscription is paused too', library, [sub('unpaid')], MAR1, closed('overdue')),
  row(
    'an overdue renewal once paid opens the library again',
    library,
    [sub('active', { currentPeriodEnd: at('2027-05-15T08:00:00Z') })],
    '2027-04-20T00:00:00Z',
    open('subscription', JAN15),
  ),
  row(
    'a subscription the gateway ended closes the library',
    library,
    [sub('canceled', { endedAt: at(APR15) })],
    '2027-04-16T00:00:00Z',
    closed('ended'),
  ),
  row(
    "a subscription ended now, not at the period's end, closes at once though its period had time left",
    library,
    [sub('canceled', { endedAt: at('2027-03-10T00:00:00Z') })],
    '2027-03-10T00:00:00Z',
    closed('ended'),
  ),
  row(
    'a subscription whose end has passed is closed, whatever status a late event left',
    library,
    [sub('active', { endedAt: at('2027-03-10T00:00:00Z') })],
    '2027-03-10T00:00:00Z',
    closed('ended'),
  ),
  row(
    'a subscription whose first payment never went through opens nothing',
    library,
    [sub('incomplete')],
    MAR1,
    closed('notHeld'),
  ),
  row('a subscription does not open a challenge', shred, [sub('active')], MAR1, closed('notHeld')),
];
