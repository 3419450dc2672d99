// What the server refused, said in the CLI's own terms (docs/admin.md).
import type { Refused } from './admin-client.ts';

/**
 * The request's fields as the flags that set them: the server speaks of the API's body, the operator
 * typed flags. One name means one thing across the API, so one table serves every command.
 */
const FLAGS: Record<string, string> = {
  durationInMonths: '--months',
  expiresAt: '--expires',
  percentOff: '--percent-off',
  amountOff: '--amount-off',
  maxRedemptions: '--max',
  priceIds: '--prices',
  intervalCount: '--count',
  trialDays: '--trial-days',
  defaultTrialDays: '--trial-days',
  nicknames: '--name',
  names: '--name',
  legalName: '--legal-name',
  taxId: '--tax-id',
  address: '--address-line',
  atPeriodEnd: '--at-period-end',
  interval: '--interval',
  amount: '--amount',
  currency: '--currency',
  duration: '--duration',
  until: '--until',
  slug: '--slug',
  description: '--description',
  position: '--position',
  role: '--role',
  locale: '--locale',
};

/** A refusal in the CLI's terms: each refused field after its flag, body field names as flags. */
export function inFlags(refusal: Refused): string {
  const named = (field: string) => FLAGS[field.split('.')[0] ?? ''];
  if (refusal.problems.length > 0) {
    return refusal.problems
      .map((p) => (named(p.field) ? `${named(p.field)}: ${p.message}` : p.message))
      .join(' ');
  }
  return refusal.message.replace(/\b[a-z]+[A-Z]\w*\b/g, (word) => FLAGS[word] ?? word);
}
