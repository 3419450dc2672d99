// `trainer stripe check`: asks the server whether its Stripe account is set up for the site (the key,
// the webhook endpoint and its events, the coupons; server/admin/stripe-check.ts). Exit 0 when every
// check passes, 4 when something is missing or failed.
import type { Command } from 'commander';
import { CheckFailed, connect, print } from './common.ts';
import { checklist } from './output.ts';

export function stripeCommands(root: Command): void {
  const stripe = root.command('stripe').description('check the server’s Stripe setup');
  stripe
    .command('check')
    .description(
      'whether the key works, the webhook endpoint sends every event the site needs, and Stripe has every coupon',
    )
    .action(async (_options: object, command: Command) => {
      const { api, json } = await connect(command);
      const body = await api.answer(
        api.client.GET('/api/admin/stripe/check', { params: { header: api.header } }),
      );
      print(json, body, () => {
        const lines = [
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
