// The sandbox pages' texts, in the member's language (the locale saved on the session). The words are
// in the catalogues of locales/hosted-pages/ (decision 102); this object hands them to the pages with
// their variables as arguments.
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../../domain/localized.ts';
import { serverText } from '../text/server-text.ts';

export interface SandboxMessages {
  checkoutTitle: string;
  portalTitle: string;
  testMode: string;
  item: string;
  price: string;
  trial: (days: number) => string;
  discount: (code: string) => string;
  totalToday: string;
  subtotal: string;
  /** A tax line: added to the prices, or included in them (decision 173). */
  tax: (country: string, rate: string) => string;
  taxIncluded: (country: string, rate: string) => string;
  /** How a total stated in a sentence is made up: the price plus the tax, or the tax it includes. */
  splitAdded: (net: string, amount: string, country: string, rate: string) => string;
  splitIncluded: (amount: string, country: string, rate: string) => string;
  thenEvery: (amount: string, interval: string) => string;
  intervals: Record<string, string>;
  everyN: (n: number, unit: string) => string;
  units: Record<string, string>;
  cardNumber: string;
  expiry: string;
  expiryPlaceholder: string;
  cvc: string;
  pay: string;
  /** The stand-in for Apple Pay, Google Pay and Link: pays as the 4242 card does. */
  payWithWallet: string;
  orPayByCard: string;
  startTrial: string;
  cancel: string;
  declined: string;
  invalidNumber: string;
  unknownCard: string;
  invalidExpiry: string;
  expiredCard: string;
  invalidCvc: string;
  notFound: string;
  expired: string;
  signedOut: string;
  alreadyPaid: string;
  continueToSite: string;
  noSubscriptions: string;
  status: Record<string, string>;
  renewsOn: (date: string) => string;
  trialEndsOn: (date: string) => string;
  endsOn: (date: string) => string;
  cancelAtPeriodEnd: string;
  changesTo: (plan: string, date: string) => string;
  /** Drops a change scheduled for the renewal (decision 133). */
  keepCurrentPlan: (plan: string) => string;
  /** Undoes a cancellation at the period's end (decision 133). */
  renew: string;
  backToSite: string;
  thenOnDate: (amount: string, date: string, later: string, interval: string) => string;
  thenUntil: (amount: string, interval: string, date: string, later: string) => string;
  alreadySubscribed: string;
  paidWith: (card: string) => string;
  updateCard: string;
  saveCard: string;
  payments: string;
  noPayments: string;
  refund: string;
  refunded: string;
  testClock: string;
  testClockNote: (date: string) => string;
  advance: Record<string, string>;
  changeTitle: string;
  changeDone: string;
  changeUnavailable: string;
  currentPlan: string;
  newPlan: string;
  newPlanCharge: string;
  unusedCredit: string;
  changeOn: (date: string) => string;
  changeInTrial: (date: string) => string;
  nextRenewal: (date: string, amount: string) => string;
  renewsInsteadOfEnding: (date: string) => string;
  quoteStands: (time: string) => string;
  quoteChanged: string;
  checkoutChanged: string;
  alreadyHeld: string;
  couponGone: string;
  /** A price on the page was archived or replaced since it was shown. */
  priceGone: string;
  pastDue: string;
  changeDeclined: string;
  cardDeclinedDue: (amount: string) => string;
  /** What a new card pays at once for a declined renewal. */
  amountDue: (amount: string) => string;
  confirmAndPay: string;
  confirmChange: string;
  keepPlan: string;
  /** The badge beside the site's name: the page takes no real card. */
  testModeBadge: string;
  /** The payment provider's promise, under the pay button. */
  secure: string;
  acceptedCards: string;
  orderSummary: string;
  payByCard: string;
  /** The pause and the cancel flow (decisions 152, 153). */
  pausedUntil: (date: string) => string;
  pausePlanned: (start: string, end: string) => string;
  pauseHeading: string;
  pauseNote: string;
  pauseFor: (count: number, amount: string, date: string) => string;
  pauseButton: string;
  resumeNow: string;
  resumeNote: string;
  cancelQuestion: string;
  reasons: Record<string, string>;
  reasonComment: string;
  offerCoupon: (discount: string, charges: string) => string;
  offerPause: (count: number, amount: string, date: string) => string;
  takeOffer: string;
  offerChanged: string;
  choosePause: string;
}

// Each key is spelled out whole, so the catalogue checks (tests/unit/locales) find every one in use.
function messagesIn(locale: Locale): SandboxMessages {
  const t = serverText(locale, 'hosted-pages');
  return {
    checkoutTitle: t('checkoutTitle'),
    portalTitle: t('portalTitle'),
    testMode: t('testMode'),
    item: t('item'),
    price: t('price'),
    trial: (days) => t('trial', { days }),
    discount: (code) => t('discount', { code }),
    totalToday: t('totalToday'),
    subtotal: t('subtotal'),
    tax: (country, rate) => t('tax', { country, rate }),
    taxIncluded: (country, rate) => t('taxIncluded', { country, rate }),
    splitAdded: (net, amount, country, rate) => t('splitAdded', { net, amount, country, rate }),
    splitIncluded: (amount, country, rate) => t('splitIncluded', { amount, country, rate }),
    thenEvery: (amount, interval) => t('thenEvery', { amount, interval }),
    intervals: {
      day: t('intervals.day'),
      week: t('intervals.week'),
      month: t('intervals.month'),
      year: t('intervals.year'),
    },
    everyN: (n, unit) => t('everyN', { n, unit }),
    units: { day: t('units.day'), week: t('units.week'), month: t('units.month'), year: t('units.year') },
    cardNumber: t('cardNumber'),
    expiry: t('expiry'),
    expiryPlaceholder: t('expiryPlaceholder'),
    cvc: t('cvc'),
    pay: t('pay'),
    payWithWallet: t('payWithWallet'),
    orPayByCard: t('orPayByCard'),
    startTrial: t('startTrial'),
    cancel: t('cancel'),
    declined: t('declined'),
    invalidNumber: t('invalidNumber'),
    unknownCard: t('unknownCard'),
    invalidExpiry: t('invalidExpiry'),
    expiredCard: t('expiredCard'),
    invalidCvc: t('invalidCvc'),
    notFound: t('notFound'),
    expired: t('expired'),
    signedOut: t('signedOut'),
    alreadyPaid: t('alreadyPaid'),
    continueToSite: t('continueToSite'),
    noSubscriptions: t('noSubscriptions'),
    status: {
      trialing: t('status.trialing'),
      active: t('status.active'),
      past_due: t('status.past_due'),
      canceled: t('status.canceled'),
      incomplete: t('status.incomplete'),
      unpaid: t('status.unpaid'),
      paused: t('status.paused'),
    },
    renewsOn: (date) => t('renewsOn', { date }),
    trialEndsOn: (date) => t('trialEndsOn', { date }),
    endsOn: (date) => t('endsOn', { date }),
    cancelAtPeriodEnd: t('cancelAtPeriodEnd'),
    changesTo: (plan, date) => t('changesTo', { plan, date }),
    keepCurrentPlan: (plan) => t('keepCurrentPlan', { plan }),
    renew: t('renew'),
    backToSite: t('backToSite'),
    thenOnDate: (amount, date, later, interval) => t('thenOnDate', { amount, date, later, interval }),
    thenUntil: (amount, interval, date, later) => t('thenUntil', { amount, interval, date, later }),
    alreadySubscribed: t('alreadySubscribed'),
    paidWith: (card) => t('paidWith', { card }),
    updateCard: t('updateCard'),
    saveCard: t('saveCard'),
    payments: t('payments'),
    noPayments: t('noPayments'),
    refund: t('refund'),
    refunded: t('refunded'),
    testClock: t('testClock'),
    testClockNote: (date) => t('testClockNote', { date }),
    advance: {
      day: t('advance.day'),
      week: t('advance.week'),
      month: t('advance.month'),
      year: t('advance.year'),
    },
    changeTitle: t('changeTitle'),
    changeDone: t('changeDone'),
    changeUnavailable: t('changeUnavailable'),
    currentPlan: t('currentPlan'),
    newPlan: t('newPlan'),
    newPlanCharge: t('newPlanCharge'),
    unusedCredit: t('unusedCredit'),
    changeOn: (date) => t('changeOn', { date }),
    changeInTrial: (date) => t('changeInTrial', { date }),
    nextRenewal: (date, amount) => t('nextRenewal', { date, amount }),
    renewsInsteadOfEnding: (date) => t('renewsInsteadOfEnding', { date }),
    quoteStands: (time) => t('quoteStands', { time }),
    quoteChanged: t('quoteChanged'),
    checkoutChanged: t('checkoutChanged'),
    alreadyHeld: t('alreadyHeld'),
    couponGone: t('couponGone'),
    priceGone: t('priceGone'),
    pastDue: t('pastDue'),
    changeDeclined: t('changeDeclined'),
    cardDeclinedDue: (amount) => t('cardDeclinedDue', { amount }),
    amountDue: (amount) => t('amountDue', { amount }),
    confirmAndPay: t('confirmAndPay'),
    confirmChange: t('confirmChange'),
    keepPlan: t('keepPlan'),
    testModeBadge: t('testModeBadge'),
    secure: t('secure'),
    acceptedCards: t('acceptedCards'),
    orderSummary: t('orderSummary'),
    payByCard: t('payByCard'),
    pausedUntil: (date) => t('pausedUntil', { date }),
    pausePlanned: (start, end) => t('pausePlanned', { start, end }),
    pauseHeading: t('pauseHeading'),
    pauseNote: t('pauseNote'),
    pauseFor: (count, amount, date) =>
      count === 1 ? t('pauseOneMonth', { count, amount, date }) : t('pauseMonths', { count, amount, date }),
    pauseButton: t('pauseButton'),
    resumeNow: t('resumeNow'),
    resumeNote: t('resumeNote'),
    cancelQuestion: t('cancelQuestion'),
    reasons: {
      too_expensive: t('reasons.too_expensive'),
      missing_features: t('reasons.missing_features'),
      switched_service: t('reasons.switched_service'),
      unused: t('reasons.unused'),
      customer_service: t('reasons.customer_service'),
      too_complex: t('reasons.too_complex'),
      low_quality: t('reasons.low_quality'),
      other: t('reasons.other'),
    },
    reasonComment: t('reasonComment'),
    offerCoupon: (discount, charges) => t('offerCoupon', { discount, charges }),
    offerPause: (count, amount, date) => t('offerPause', { count, amount, date }),
    takeOffer: t('takeOffer'),
    offerChanged: t('offerChanged'),
    choosePause: t('choosePause'),
  };
}

const MESSAGES = new Map(LOCALES.map((locale) => [locale, messagesIn(locale)]));

/** The pages' texts in `locale`, or in English when the site has no such language. */
export function sandboxMessages(locale: string): { locale: Locale; t: SandboxMessages } {
  const chosen = isLocale(locale) ? locale : DEFAULT_LOCALE;
  return { locale: chosen, t: MESSAGES.get(chosen) ?? messagesIn(chosen) };
}
