// The moments around the money as pictures (decisions 148 and 149): the sandbox's hosted checkout and
// two emails, held to baselines at 1280 px in English (brand-screens.spec.ts) and 375 px in Spanish
// (brand-screens.mobile.spec.ts). A changed picture fails until its baseline is updated in the same
// commit (`node scripts/e2e.ts tests/e2e/brand-screens --update-snapshots`). What differs from run to
// run (a link's token, a date) is masked; the fonts are the system stack of the machine the baselines
// were taken on, and animations are off.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import {
  type Member,
  payWithTestCard,
  registerUnverified,
  signIn,
  TRAINER_ID,
  verifyEmail,
} from './fixtures.ts';

const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export async function expectNoViolations(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_A_AA).analyze();
  const found = violations.map((v) => ({
    rule: v.id,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
  }));
  expect(found, `accessibility violations on ${screen}`).toEqual([]);
}

/** Opens the hosted checkout of one of the demo trainer's prices. */
export async function openCheckout(page: Page, member: Member, price: string): Promise<void> {
  const response = await page.request.post('/api/user/startGatewayStripeSession', {
    headers: { token: member.token },
    data: { prices: [`${TRAINER_ID}-price-${price}`], trainerID: TRAINER_ID, route: '/', campaign: null },
  });
  expect(response.status()).toBe(201);
  await page.goto(((await response.json()) as { url: string }).url);
}

/** Opens the hosted billing portal of a member. */
export async function openPortal(page: Page, member: Member): Promise<void> {
  const response = await page.request.post('/api/user/openGatewayStripePortal', {
    headers: { token: member.token },
    data: { trainerID: TRAINER_ID },
  });
  expect(response.status()).toBe(201);
  await page.goto(((await response.json()) as { url: string }).url);
}

interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
}

/** Shows the newest email to `to` whose subject ends with `subject`, as the dev mailbox frames it. */
export async function openEmail(page: Page, request: APIRequestContext, to: string, subject: string) {
  const { messages } = (await (await request.get('/dev/mailbox.json')).json()) as {
    messages: MailboxMessage[];
  };
  const message = messages.find((m) => m.to === to && m.subject.endsWith(subject));
  expect(message, `an email "${subject}" to ${to}`).toBeTruthy();
  await page.goto(`/dev/mailbox/${message?.id}.html`);
}

/** A member who has verified the address and paid for the challenge: a receipt waits in the mailbox. */
export async function memberWithReceipt(
  page: Page,
  request: APIRequestContext,
  locale: 'en' | 'es',
): Promise<Member> {
  const member = await registerUnverified(request, locale, 'brand', 'Ana Member');
  await verifyEmail(request, member.email);
  await signIn(page, member);
  await openCheckout(page, member, 'challenge');
  await payWithTestCard(page);
  await page.waitForURL('**/confirmation');
  return member;
}

/** The options every baseline of these screens is taken with. */
export const PICTURE = (mask: Locator[]) => ({
  fullPage: true,
  animations: 'disabled' as const,
  caret: 'hide' as const,
  mask,
  // A few pixels of anti-aliasing may differ between runs; a changed layout or colour does not pass.
  maxDiffPixelRatio: 0.002,
});
