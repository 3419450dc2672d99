// Members of a taxed trainer on the demo's monthly plan (2999 a month) and the renewal of theirs that
// is declined: the tax tests of what a declined renewal leaves due share them.
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { createMember } from './fixtures.ts';
import { billingDriver, CARD } from './hosted-pages.ts';
import { giveCountry, type Member } from './members.ts';

const MONTHLY = 'demo-trainer-price-monthly';

export function taxedRenewals(app: () => TestApp) {
  const billing = billingDriver(app);

  /** A member in `country` on the monthly plan, paid at once (no trial). */
  async function monthlyMemberIn(country: string, locale: 'en' | 'es', card = CARD): Promise<Member> {
    const member = await createMember(app().context, { hadTrial: true, locale });
    await giveCountry(app().app, member.token, country);
    await billing.subscribe(member, MONTHLY, card);
    return member;
  }

  /** A renewal declined: past the month's end (28 to 31 days), short of the first retry three days on. */
  async function declined(member: Member) {
    await billing.advance(member, 32);
    const sub = (await billing.customerOf(member)).subscriptions.data[0];
    expect(sub?.status).toBe('past_due');
    return sub?.id ?? '';
  }

  const failedEmail = async (member: Member) =>
    (await billing.mailTo(member)).find((m) => m.template === 'paymentFailed')?.text ?? '';

  return { billing, monthlyMemberIn, declined, failedEmail };
}
