// `trainer members …`, `trainer refund` and `trainer cancel`: a trainer's members, their
// subscriptions and charges, and the two changes the operator makes for them, over the admin API.
// Both changes go through the payment gateway (decision 120): with Stripe they show once its event
// has come, and the command says so.
import type { Command } from 'commander';
import type { components } from '../openapi/schema.d.ts';
import { Refused } from './admin-client.ts';
import { amountIn, connect, integer, print, trainerOf, Usage } from './common.ts';
import { type AskOptions, confirmed, mayAsk } from './confirm.ts';
import { accessTable, grantCommands, grantTable } from './grants.ts';
import { money, table } from './output.ts';

type Summary = components['schemas']['AdminMemberSummary'];
type Subscription = components['schemas']['AdminSubscription'];
type Charge = components['schemas']['AdminCharge'];

const day = (iso: string | null) => iso?.slice(0, 10) ?? '-';

function memberTable(members: readonly Summary[]): string {
  return table(
    ['ID', 'EMAIL', 'NAME', 'STATUS', 'PLAN', 'CHARGES', 'JOINED'],
    members.map((m) => [m.id, m.email, m.name, m.status, m.plan ?? '-', String(m.charges), day(m.createdAt)]),
  );
}

/** What the subscription does next: renews, ends at the period's end, or ended. */
const nextStep = (s: Subscription) =>
  s.status === 'canceled'
    ? `ended ${day(s.endedAt)}`
    : `${s.cancelAtPeriodEnd ? 'ends' : 'renews'} ${day(s.currentPeriodEnd)}`;

function subscriptionTable(subs: readonly Subscription[]): string {
  return table(
    ['ID', 'PLAN', 'AMOUNT', 'STATUS', 'NEXT'],
    subs.map((s) => [s.id, s.plan, money(s.amount, s.currency), s.status, nextStep(s)]),
  );
}

const chargeStatus = (c: Charge) =>
  c.refunded ? `refunded ${day(c.refundedAt)}` : c.paid ? 'paid' : 'unpaid';

function chargeTable(charges: readonly Charge[]): string {
  return table(
    ['ID', 'DESCRIPTION', 'AMOUNT', 'DATE', 'STATUS'],
    charges.map((c) => [c.id, c.description, money(c.amount, c.currency), day(c.createdAt), chargeStatus(c)]),
  );
}

const PENDING = 'Asked of the payment gateway: it shows here once the gateway’s event has come.';

export function memberCommands(root: Command): void {
  const members = root
    .command('members')
    .description('list and show a trainer’s members, and grant them what they can open');
  members
    .command('list')
    .description('the trainer’s members, newest first, a page at a time, with their newest subscription')
    .argument('<trainer>', 'the trainer’s id')
    .option('--search <text>', 'only the members whose email or name contains this (any case)')
    .option('--limit <n>', 'members per page, up to 100', integer(1), 50)
    .option('--cursor <cursor>', 'the page after the one that printed this cursor')
    .action(
      async (
        trainerID: string,
        options: { search?: string; limit: number; cursor?: string },
        command: Command,
      ) => {
        if (options.limit > 100) throw new Usage(`--limit ${options.limit} is more than 100`);
        const { api, json } = await connect(command);
        const query = {
          limit: String(options.limit),
          ...(options.cursor !== undefined && { cursor: options.cursor }),
          ...(options.search !== undefined && { q: options.search }),
        };
        const body = await api.answer(
          api.client.GET('/api/admin/trainers/{trainerID}/members', {
            params: { path: { trainerID }, query, header: api.header },
          }),
        );
        print(json, body, () => {
          if (body.members.length === 0) return body.total === 0 ? 'No members.' : 'No more members.';
          const total = body.totalExact ? `${body.total}` : `about ${body.total}`;
          const next = body.nextCursor ? `\nNext page: --cursor ${body.nextCursor}` : '';
          return `${memberTable(body.members)}\n${body.members.length} of ${total} members.${next}`;
        });
      },
    );
  members
    .command('show')
    .description('one member with every subscription, charge and grant, and what they can open and why')
    .argument('<trainer>', 'the trainer’s id')
    .argument('<member>', 'the member’s id or email')
    .action(async (trainerID: string, memberID: string, _options: object, command: Command) => {
      const { api, json } = await connect(command);
      const body = await api.answer(
        api.client.GET('/api/admin/trainers/{trainerID}/members/{memberID}', {
          params: { path: { trainerID, memberID }, header: api.header },
        }),
      );
      const m = body.member;
      print(json, body, () =>
        [
          `${m.name} <${m.email}> (${m.id}), joined ${day(m.createdAt)}.`,
          '',
          m.subscriptions.length ? subscriptionTable(m.subscriptions) : 'No subscriptions.',
          '',
          m.charges.length ? chargeTable(m.charges) : 'No charges.',
          '',
          m.grants.length ? grantTable(m.grants) : 'No grants.',
          '',
          m.access.length ? accessTable(m.access) : 'Nothing to open.',
          '',
          m.cancellationReasons.length
            ? table(
                ['At the cancel button', 'Reason', 'Their words', 'Offer', 'Outcome'],
                m.cancellationReasons.map((r) => [
                  day(r.createdAt),
                  r.reason ?? 'not given',
                  r.comment ?? '',
                  r.offer ?? 'none',
                  r.outcome === 'offerTaken' ? 'stayed on the offer' : 'cancelled',
                ]),
              )
            : 'No answers at the cancel button.',
        ].join('\n'),
      );
    });

  grantCommands(members);

  root
    .command('refund')
    .description(
      'pay a charge back in whole, through the payment gateway; says what it will do and asks first',
    )
    .argument('<trainer>', 'the trainer’s id')
    .argument('<charge>', 'the charge’s id (members show lists them)')
    .option('--amount <amount>', 'the amount, as a check: it must be the whole charge, such as 29.99')
    .option('--dry-run', 'say what the refund would do, and refund nothing')
    .option('--yes', 'refund without asking (for scripts)')
    .action(async (trainerID: string, chargeID: string, options: RefundOptions, command: Command) => {
      mayAsk('refund', options);
      const { api, json } = await connect(command);
      const { refund } = await api.answer(
        api.client.GET('/api/admin/trainers/{trainerID}/charges/{chargeID}/refund', {
          params: { path: { trainerID, chargeID }, header: api.header },
        }),
      );
      if (refund.alreadyRefunded) throw new Refused(409, `Charge ${chargeID} is already refunded`);
      // Amounts are typed in the trainer's currency; a charge in another is refused with both amounts.
      const amount =
        options.amount !== undefined
          ? amountIn(options.amount, (await trainerOf(api, trainerID)).trainer.currency)
          : undefined;
      const what = refundText(refund);
      if (options.dryRun) {
        print(
          json,
          { success: true, dryRun: true, refund },
          () => `Would ${what} (dry run, nothing refunded).`,
        );
        return;
      }
      if (!(await confirmed(`This will ${what}.`, options))) {
        process.stderr.write('Nothing refunded.\n');
        return;
      }
      const body = await api.answer(
        api.client.POST('/api/admin/trainers/{trainerID}/charges/{chargeID}/refund', {
          params: { path: { trainerID, chargeID }, header: api.header },
          body: amount !== undefined ? { amount } : {},
        }),
      );
      const c = body.charge;
      print(json, body, () =>
        body.pending
          ? `${PENDING}\nRefund of charge ${c.id}: ${money(c.amount, c.currency)}.`
          : `Refunded charge ${c.id}: ${money(c.amount, c.currency)}.`,
      );
    });

  root
    .command('cancel')
    .description(
      'end a subscription now, or at the end of the period paid for; no money goes back; says what it will do and asks first',
    )
    .argument('<trainer>', 'the trainer’s id')
    .argument('<subscription>', 'the subscription’s id (members show lists them)')
    .option('--at-period-end', 'let it run to the end of the period paid for, then end')
    .option('--dry-run', 'say what the cancellation would do, and cancel nothing')
    .option('--yes', 'cancel without asking (for scripts)')
    .action(async (trainerID: string, subscriptionID: string, options: CancelOptions, command: Command) => {
      mayAsk('cancel', options);
      const { api, json } = await connect(command);
      const at = options.atPeriodEnd ? 'period_end' : 'now';
      const { cancel } = await api.answer(
        api.client.GET('/api/admin/trainers/{trainerID}/subscriptions/{subscriptionID}/cancel', {
          params: { path: { trainerID, subscriptionID }, query: { at }, header: api.header },
        }),
      );
      const what = cancelText(cancel);
      if (options.dryRun) {
        print(
          json,
          { success: true, dryRun: true, cancel },
          () => `Would ${what} (dry run, nothing cancelled).`,
        );
        return;
      }
      if (!(await confirmed(`This will ${what}.`, options))) {
        process.stderr.write('Nothing cancelled.\n');
        return;
      }
      const body = await api.answer(
        api.client.POST('/api/admin/trainers/{trainerID}/subscriptions/{subscriptionID}/cancel', {
          params: { path: { trainerID, subscriptionID }, header: api.header },
          body: { atPeriodEnd: Boolean(options.atPeriodEnd) },
        }),
      );
      const s = body.subscription;
      print(json, body, () => {
        if (body.pending) return `${PENDING}\nCancellation of subscription ${s.id}.`;
        return s.status === 'canceled'
          ? `Cancelled subscription ${s.id}: ended ${day(s.endedAt)}.`
          : `Subscription ${s.id} ends at the end of its period, on ${day(s.currentPeriodEnd)}.`;
      });
    });
}

interface RefundOptions extends AskOptions {
  amount?: string;
}
interface CancelOptions extends AskOptions {
  atPeriodEnd?: boolean;
}

type Loss = components['schemas']['StudioLoss'];
const losses = (loses: readonly Loss[]) =>
  loses.length === 0
    ? 'the member keeps what they can open'
    : `the member loses ${loses.map((l) => `${l.kind} ${l.name}`).join(', ')}`;

/** "refund 49.00 USD for 30-Day Shred to Visa •••• 4242 (charge ch_…); the member loses …" */
export function refundText(r: components['schemas']['StudioRefundPreview']): string {
  const card = r.card ? ` to ${r.card.brand} •••• ${r.card.last4}` : '';
  return `refund ${money(r.amount, r.currency)} for ${r.productName}${card} (charge ${r.chargeID}); ${losses(r.loses)}`;
}

/** "cancel subscription sub_… (Monthly, 29.99 USD): access ends 2027-01-31; the member loses …" */
export function cancelText(c: components['schemas']['StudioCancelPreview']): string {
  const when = c.at === 'now' ? 'now' : `at the end of its period, ${day(c.endsAt)}`;
  return `cancel subscription ${c.subscriptionID} (${c.planName}, ${money(c.amount, c.currency)}) ${when}, with no money back; ${losses(c.loses)}`;
}
