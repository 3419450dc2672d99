// The emails the API sends, in the member's language. Links are built by the caller from PUBLIC_URL,
// never from the request's Host header. The words are in the catalogues of locales/emails/
// (decision 102); this file says which of them each email puts where, and email-layout.ts draws
// them in the site's brand (decision 149).
import type { Locale } from '../../domain/localized.ts';
import type { SiteBrand } from '../site/brand.ts';
import { serverText, type Translate } from '../text/server-text.ts';
import { renderEmailHtml } from './email-layout.ts';

interface Base {
  name: string;
  /** The site's name from the CMS settings (the trainer's record when the CMS does not answer). */
  trainerName: string;
  link: string;
}

/** A charge's invoice or a refund's credit note: its number and where its PDF is (decision 154). */
export interface InvoiceLink {
  number: string;
  url: string;
}

/** Billing emails carry amounts and dates already formatted in the member's language, and say how dates are stated. */
interface Billing extends Base {
  datesNote: string;
}

export type MailTemplate =
  | ({ kind: 'verifyEmail' } & Base)
  | ({ kind: 'resetPassword' } & Base)
  | ({ kind: 'emailChanged'; newEmail: string } & Base)
  | ({ kind: 'accountExists' } & Base)
  | ({ kind: 'studioInvite'; role: string; invitedBy: string; expiresOn: string } & Base)
  | ({ kind: 'studioSignInLink' } & Base)
  | ({
      kind: 'receipt';
      amount: string;
      /** Where the charge holds tax (decision 173): the amount before it, and each tax line. */
      tax?: { net: string; lines: { country: string; rate: string; amount: string }[] } | null;
      plan: string;
      card: string;
      date: string;
      invoice: InvoiceLink;
    } & Billing)
  | ({ kind: 'trialStarted'; plan: string; trialEnd: string; afterTrial: string } & Billing)
  | ({ kind: 'trialEnding'; plan: string; date: string; amount: string } & Billing)
  | ({ kind: 'paymentFailed'; plan: string; amount: string; nextAttempt: string | null } & Billing)
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
      kind: 'refund';
      /** The refund's credit note. */
      invoice: InvoiceLink;
      amount: string;
      plan: string;
      card: string;
      date: string;
      /** What the refund does to what the member can open (decision 138): a subscription's refund, nothing. */
      access: LibraryAfter | 'subscription';
      until: string | null;
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

/** Whether what a change closes closes, or stays open through another holding (until a date, or not). */
export type LibraryAfter = 'closes' | 'stays' | 'staysUntil';

type Kind = MailTemplate['kind'];
type TemplateOf<K extends Kind> = Extract<MailTemplate, { kind: K }>;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  links: { label: string; url: string }[];
}

interface Texts {
  subject: string;
  greeting: string;
  body: string;
  /** Lines of facts (amount, date, card), each on its own line. */
  details?: string[];
  button: string;
  /** A second link, after the button's (an invoice's PDF). */
  more?: { label: string; url: string };
  footer: string;
}

// Each key is spelled out whole, so the catalogue checks (tests/unit/locales) find every one in use.
const TEXTS: { [K in Kind]: (t: Translate, m: TemplateOf<K>) => Texts } = {
  verifyEmail: (t, m) => ({
    subject: t('verifyEmail.subject', m),
    greeting: t('greeting', m),
    body: t('verifyEmail.body'),
    button: t('verifyEmail.button'),
    footer: t('verifyEmail.footer'),
  }),
  resetPassword: (t, m) => ({
    subject: t('resetPassword.subject', m),
    greeting: t('greeting', m),
    body: t('resetPassword.body'),
    button: t('resetPassword.button'),
    footer: t('resetPassword.footer'),
  }),
  emailChanged: (t, m) => ({
    subject: t('emailChanged.subject', m),
    greeting: t('greeting', m),
    body: t('emailChanged.body', m),
    button: t('emailChanged.button'),
    footer: t('emailChanged.footer'),
  }),
  accountExists: (t, m) => ({
    subject: t('accountExists.subject', m),
    greeting: t('greeting', m),
    body: t('accountExists.body'),
    button: t('accountExists.button'),
    footer: t('accountExists.footer'),
  }),
  studioInvite: (t, m) => ({
    subject: t('studioInvite.subject', m),
    greeting: t('greeting', m),
    body: t('studioInvite.body', m),
    details: [m.role === 'owner' ? t('studioInvite.roleOwner') : t('studioInvite.roleCoach')],
    button: t('studioInvite.button'),
    footer: t('studioInvite.footer', m),
  }),
  studioSignInLink: (t, m) => ({
    subject: t('studioSignInLink.subject', m),
    greeting: t('greeting', m),
    body: t('studioSignInLink.body', m),
    button: t('studioSignInLink.button'),
    footer: t('studioSignInLink.footer'),
  }),
  receipt: (t, m) => ({
    subject: t('receipt.subject', m),
    greeting: t('greeting', m),
    body: t('receipt.body'),
    details: [
      t('receipt.amount', m),
      ...(m.tax
        ? [t('receipt.net', { amount: m.tax.net }), ...m.tax.lines.map((line) => t('receipt.tax', line))]
        : []),
      t('receipt.plan', m),
      t('receipt.card', m),
      t('receipt.date', m),
      t('receipt.invoice', { number: m.invoice.number }),
    ],
    button: t('receipt.button'),
    more: { label: t('receipt.invoiceButton'), url: m.invoice.url },
    footer: t('receipt.footer'),
  }),
  trialStarted: (t, m) => ({
    subject: t('trialStarted.subject', m),
    greeting: t('greeting', m),
    body: t('trialStarted.body', m),
    details: [t('trialStarted.trialEnd', m), t('trialStarted.afterTrial', m)],
    button: t('trialStarted.button'),
    footer: t('trialStarted.footer'),
  }),
  trialEnding: (t, m) => ({
    subject: t('trialEnding.subject', m),
    greeting: t('greeting', m),
    body: t('trialEnding.body', m),
    button: t('trialEnding.button'),
    footer: t('trialEnding.footer'),
  }),
  paymentFailed: (t, m) => ({
    subject: t('paymentFailed.subject', m),
    greeting: t('greeting', m),
    body: t('paymentFailed.body', m),
    details: [m.nextAttempt ? t('paymentFailed.nextAttempt', m) : t('paymentFailed.lastAttempt')],
    button: t('paymentFailed.button'),
    footer: t('paymentFailed.footer'),
  }),
  planChanged: (t, m) => ({
    subject: t('planChanged.subject', m),
    greeting: t('greeting', m),
    body: m.scheduledFor ? t('planChanged.bodyScheduled', m) : t('planChanged.body', m),
    details: [...(m.renewed ? [t('planChanged.renewed')] : []), m.nextCharges],
    button: t('planChanged.button'),
    footer: t('planChanged.footer'),
  }),
  refund: (t, m) => ({
    subject: t('refund.subject', m),
    greeting: t('greeting', m),
    body: t('refund.body', m),
    details: [
      t('refund.date', m),
      {
        closes: t('refund.closed', m),
        stays: t('refund.stays', m),
        staysUntil: t('refund.staysUntil', m),
        subscription: t('refund.subscription'),
      }[m.access],
      t('refund.creditNote', { number: m.invoice.number }),
    ],
    button: t('refund.button'),
    more: { label: t('refund.creditNoteButton'), url: m.invoice.url },
    footer: t('refund.footer'),
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

/**
 * The email in the member's language: the plain-text part, and the HTML part in the site's brand
 * (email-layout.ts) saying the same words, its one link a button.
 */
export async function renderMail(
  template: MailTemplate,
  locale: Locale,
  brand: SiteBrand,
): Promise<RenderedMail> {
  const texts = TEXTS[template.kind] as (t: Translate, m: MailTemplate) => Texts;
  const t = texts(serverText(locale, 'emails'), template);
  const details = [...(t.details ?? []), ...('datesNote' in template ? [template.datesNote] : [])];
  const text = [
    t.greeting,
    '',
    t.body,
    ...(details.length ? ['', ...details] : []),
    '',
    `${t.button}: ${template.link}`,
    ...(t.more ? [`${t.more.label}: ${t.more.url}`] : []),
    '',
    t.footer,
  ].join('\n');
  const html = await renderEmailHtml(
    {
      greeting: t.greeting,
      body: t.body,
      details,
      button: { label: t.button, url: template.link },
      ...(t.more && { more: t.more }),
      footer: t.footer,
    },
    brand,
    locale,
  );
  return {
    subject: t.subject,
    text,
    html,
    links: [{ label: t.button, url: template.link }, ...(t.more ? [t.more] : [])],
  };
}
