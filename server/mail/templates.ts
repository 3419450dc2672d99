// The emails the API sends, in the member's language. Links are built by the caller from PUBLIC_URL,
// never from the request's Host header. The words are in the catalogues of locales/emails/
// (decision 102); each family's file says which of them each of its emails puts where, and this one
// lays them out: the plain-text part here, the HTML part in the site's brand by email-layout.ts
// (decision 149).
import type { Locale } from '../../domain/localized.ts';
import type { SiteBrand } from '../site/brand.ts';
import { serverText, type Translate } from '../text/server-text.ts';
import { ACCOUNT_TEXTS, type AccountMail } from './account-emails.ts';
import { CHARGE_TEXTS, type ChargeMail } from './charge-emails.ts';
import { renderEmailHtml } from './email-layout.ts';
import type { Texts, TextsOf } from './email-texts.ts';
import { SUBSCRIPTION_TEXTS, type SubscriptionMail } from './subscription-emails.ts';

export type MailTemplate = AccountMail | ChargeMail | SubscriptionMail;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  links: { label: string; url: string }[];
}

const TEXTS: TextsOf<MailTemplate> = { ...ACCOUNT_TEXTS, ...CHARGE_TEXTS, ...SUBSCRIPTION_TEXTS };

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
