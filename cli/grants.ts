// `trainer members grant|revoke-grant` and the access part of `members show`: what the operator gives
// a member without a payment (decision 138), and what the member can open and why. A grant opens a
// challenge or course (by its slug) or the membership from now until the end of a UTC day, or with no
// end; revoking closes it at once unless something else opens it.
import type { Command } from 'commander';
import type { components } from '../openapi/schema.d.ts';
import { connect, print } from './common.ts';
import { table } from './output.ts';

type Grant = components['schemas']['AdminGrant'];
type Access = components['schemas']['AdminAccess'];

const day = (iso: string | null) => iso?.slice(0, 10) ?? '-';
/** A grant's `until` is the instant it closes, 00:00 UTC after its last day: the last day is shown. */
const lastDay = (iso: string | null) => (iso ? day(new Date(Date.parse(iso) - 1).toISOString()) : 'no end');

const targetOf = (g: Grant) => (g.product ? `${g.product.slug} (${g.product.name})` : g.target);

const grantState = (g: Grant) => (g.revokedAt ? `revoked ${day(g.revokedAt)}` : `until ${lastDay(g.until)}`);

export function grantTable(grants: readonly Grant[]): string {
  return table(
    ['ID', 'GRANTS', 'FROM', 'STATE', 'BY'],
    grants.map((g) => [g.id, targetOf(g), day(g.startsAt), grantState(g), g.actor]),
  );
}

/** Why the member can open an item, or why not (the access rule's words, decision 136); when it closes, to the minute. */
const why = (a: Access) => {
  if (!a.open) return a.reason ?? '-';
  return a.until ? `${a.via}, closes ${a.until.slice(0, 16).replace('T', ' ')} UTC` : (a.via ?? '-');
};

export function accessTable(access: readonly Access[]): string {
  return table(
    ['ITEM', 'TITLE', 'OPEN', 'WHY'],
    access.map((a) => [a.item, a.title, a.open ? 'yes' : 'no', why(a)]),
  );
}

export function grantCommands(members: Command): void {
  members
    .command('grant')
    .description('give a member a challenge, a course or the membership, with no payment')
    .argument('<trainer>', 'the trainer’s id')
    .argument('<member>', 'the member’s id or email')
    .argument('<target>', 'membership, or the challenge’s or course’s slug (or product id)')
    .option('--until <date>', 'the last day it is open, YYYY-MM-DD (UTC); no end unless given')
    .action(
      async (
        trainerID: string,
        memberID: string,
        target: string,
        options: { until?: string },
        command: Command,
      ) => {
        const { api, json } = await connect(command);
        const body = await api.answer(
          api.client.POST('/api/admin/trainers/{trainerID}/members/{memberID}/grants', {
            params: { path: { trainerID, memberID }, header: api.header },
            body: { target, ...(options.until !== undefined && { until: options.until }) },
          }),
        );
        const g = body.grant;
        print(
          json,
          body,
          () => `Granted ${targetOf(g)} to ${memberID} until ${lastDay(g.until)}: grant ${g.id}.`,
        );
      },
    );
  members
    .command('revoke-grant')
    .description('end a grant now; what it opened closes unless a payment opens it')
    .argument('<trainer>', 'the trainer’s id')
    .argument('<member>', 'the member’s id or email')
    .argument('<grant>', 'the grant’s id (members show lists them)')
    .action(
      async (trainerID: string, memberID: string, grantID: string, _options: object, command: Command) => {
        const { api, json } = await connect(command);
        const body = await api.answer(
          api.client.DELETE('/api/admin/trainers/{trainerID}/members/{memberID}/grants/{grantID}', {
            params: { path: { trainerID, memberID, grantID }, header: api.header },
          }),
        );
        print(json, body, () => `Revoked grant ${body.grant.id} (${targetOf(body.grant)}).`);
      },
    );
}
