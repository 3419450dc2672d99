// The emails of a change to a subscription: a new plan, an end scheduled or undone, a pause and its
// end, the cancellation offer taken, and the subscription's end.
import type { Billing, LibraryAfter, TextsOf } from './email-texts.ts';

export type SubscriptionMail =
  | ({
      kind: 'planChanged';
      from: string;
      to: string;
      nextCharges: string;
      renewed: boolean;
      /** The renewal a scheduled change takes effect at; null when it took effect now. */
      scheduledFor: string | null;
    } & Billing)
  | ({
      kind: 'cancellationScheduled';
      plan: string;
      endsOn: string;
      /** The plan a change scheduled for the renewal was to, which ending does not make. */
      dropped: string | null;
      library: LibraryAfter;
      until: string | null;
    } & Billing)
  | ({
      kind: 'planKept';
      plan: string;
      /** The plan of the change that was scheduled; null when it was the end that was undone. */
      dropped: string | null;
      /** When the change or the end would have come. */
      date: string;
      nextCharges: string;
    } & Billing)
  | ({
      kind: 'pausePlanned';
      plan: string;
      /** The end of the period paid for, when the pause begins, and the renewal that resumes it. */
      startsOn: string;
      resumesOn: string;
      nextCharges: string;
    } & Billing)
  | ({
      kind: 'resumed';
      plan: string;
      /** At the pause's end (its renewal charged), ended early by the member, or called off before it began. */
      when: 'atEnd' | 'early' | 'notBegun';
      nextCharges: string;
    } & Billing)
  | ({
      kind: 'offerTaken';
      plan: string;
      nextCharges: string;
    } & Billing)
  | ({
      kind: 'subscriptionEnded';
      plan: string;
      endedOn: string;
      library: LibraryAfter;
      until: string | null;
    } & Billing);

// Each key is spelled out whole, so the catalogue checks (tests/unit/locales) find every one in use.
export const SUBSCRIPTION_TEXTS: TextsOf<SubscriptionMail> = {
  planChanged: (t, m) => ({
    subject: t('planChanged.subject', m),
    greeting: t('greeting', m),
    body: m.scheduledFor ? t('planChanged.bodyScheduled', m) : t('planChanged.body', m),
    details: [...(m.renewed ? [t('planChanged.renewed')] : []), m.nextCharges],
    button: t('planChanged.button'),
    footer: t('planChanged.footer'),
  }),
  cancellationScheduled: (t, m) => ({
    subject: t('cancellationScheduled.subject', m),
    greeting: t('greeting', m),
    body: t('cancellationScheduled.body', m),
    details: [
      ...(m.dropped ? [t('cancellationScheduled.droppedChange', m)] : []),
      {
        closes: t('cancellationScheduled.libraryCloses', m),
        stays: t('cancellationScheduled.libraryStays'),
        staysUntil: t('cancellationScheduled.libraryStaysUntil', m),
      }[m.library],
    ],
    button: t('cancellationScheduled.button'),
    footer: t('cancellationScheduled.footer', m),
  }),
  planKept: (t, m) => ({
    subject: t('planKept.subject', m),
    greeting: t('greeting', m),
    body: m.dropped ? t('planKept.bodyChange', m) : t('planKept.bodyRenew', m),
    details: [m.nextCharges],
    button: t('planKept.button'),
    footer: t('planKept.footer'),
  }),
  pausePlanned: (t, m) => ({
    subject: t('pausePlanned.subject', m),
    greeting: t('greeting', m),
    body: t('pausePlanned.body', m),
    details: [t('pausePlanned.library', m), m.nextCharges],
    button: t('pausePlanned.button'),
    footer: t('pausePlanned.footer', m),
  }),
  resumed: (t, m) => ({
    subject: t('resumed.subject', m),
    greeting: t('greeting', m),
    body: {
      atEnd: t('resumed.body', m),
      early: t('resumed.bodyEarly', m),
      notBegun: t('resumed.bodyNotBegun', m),
    }[m.when],
    details: [m.nextCharges],
    button: t('resumed.button'),
    footer: t('resumed.footer'),
  }),
  offerTaken: (t, m) => ({
    subject: t('offerTaken.subject', m),
    greeting: t('greeting', m),
    body: t('offerTaken.body', m),
    details: [m.nextCharges],
    button: t('offerTaken.button'),
    footer: t('offerTaken.footer'),
  }),
  subscriptionEnded: (t, m) => ({
    subject: t('subscriptionEnded.subject', m),
    greeting: t('greeting', m),
    body: t('subscriptionEnded.body', m),
    details: [
      {
        closes: t('subscriptionEnded.libraryClosed'),
        stays: t('subscriptionEnded.libraryStays'),
        staysUntil: t('subscriptionEnded.libraryStaysUntil', m),
      }[m.library],
    ],
    button: t('subscriptionEnded.button'),
    footer: t('subscriptionEnded.footer'),
  }),
};
