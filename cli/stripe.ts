// `trainer stripe check`: asks the server whether its Stripe account is set up for the site (the key,
// the webhook endpoint and its events, the coupons, the customer portal; server/admin/stripe-check.ts).
// With --fix it first sets the customer portal as the site needs it (decision 164). Exit 0 when every
// check passes, 4 when something is missing or failed.
import type { Command } from 'commander';
import { CheckFailed, connect, print } from './common.ts';
import { checklist } from './output.ts';

export function stripeCommands(root: Command): void {
  const stripe = root.command('stripe').description('check the server’s Stripe setup');
  stripe
    .command('check')
    .description(
      'whether the key works, the webhook endpoint sends every event the site needs, Stripe has every coupon, and the customer portal is set as the site needs',
    )
    .option(
      '--fix',
      "first set the customer portal's business profile and cancel settings (the site's name, privacy and terms pages, cancel at the period's end with the site's reasons)",
    )
    .action(async (options: { fix?: boolean }, command: Command) => {
      const { api, json } = await connect(command);
      let fixed: string[] = [];
      if (options.fix) {
        const fix = await api.answer(
          api.client.POST('/api/admin/stripe/portal', { params: { header: api.header } }),
        );
        fixed = [fix.detail, ...fix.changes.map((c) => `  was: ${c}`)];
      }
      const body = await api.answer(
        api.client.GET('/api/admin/stripe/check', { params: { header: api.header } }),
      );
      print(json, body, () => {
        const lines = [
          ...(fixed.length ? [...fixed, ''] : []),
          checklist(
            body.checks.map((c) => ({
              level: c.status === 'ok' ? ('ok' as const) : ('fail' as const),
              check: c.name,
              detail: c.status === 'ok' ? c.detail : `${c.status}: ${c.detail}`,
            })),
          ),
          '',
          `Webhook endpoint: ${body.webhookUrl}`,
        ];
        if (body.missingEvents.length > 0) {
          lines.push('Events it must send and does not:', ...body.missingEvents.map((e) => `  ${e}`));
        }
        lines.push(body.ok ? 'Stripe is set up.' : 'Stripe is not set up: see above.');
        return lines.join('\n');
      });
      if (!body.ok) throw new CheckFailed();
    });
}
