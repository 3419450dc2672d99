// What every email's words are built from: the fields each email carries, and the texts its family
// (account-emails.ts, charge-emails.ts, subscription-emails.ts) picks from the catalogues of
// locales/emails/ (decision 102) for templates.ts to lay out.
import type { Translate } from '../text/server-text.ts';

export interface Base {
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
export interface Billing extends Base {
  datesNote: string;
}

/** Whether what a change closes closes, or stays open through another holding (until a date, or not). */
export type LibraryAfter = 'closes' | 'stays' | 'staysUntil';

export interface Texts {
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

/** A family's texts: for each of its emails, the words that email's fields make. */
export type TextsOf<M extends { kind: string }> = {
  [K in M['kind']]: (t: Translate, m: Extract<M, { kind: K }>) => Texts;
};
