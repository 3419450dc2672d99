// `trainer members grant|revoke-grant` and the access part of `members show`: what the operator gives
// a member without a payment (decision 138), and what the member can open and why. A grant opens a
// challenge or course (by its slug) or the membership from now until the end of a UTC day, or with no
// end; revoking closes it at once unless something else opens it.
import type { Command } from 'commander';
import type { components } from '../openapi/schema.d.ts';
import { Refused } from './admin-client.ts';
import { connect, print } from './common.ts';
import { type DryRunOption, stoppedForDryRun } from './dry-run.ts';
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
    .option('--dry-run', 'say what it would grant, and grant nothing')
    .action(
      async (
        trainerID: string,
        memberID: string,
        target: string,
        options: { until?: string } & DryRunOption,
        command: Command,
      ) => {
        const { api, json } = await connect(command);
        const grant = {
          target,
          ...(options.until !== undefined && { until: options.until }),
        };
        if (options.dryRun) {
          // The member is looked up, so a dry run for someone who is not a member says so.
          const { member } = await api.answer(
            api.client.GET('/api/admin/trainers/{trainerID}/members/{memberID}', {
              params: { path: { trainerID, memberID }, header: api.header },
            }),
          );
          const request = {
            method: 'POST',
            path: `/api/admin/trainers/${trainerID}/members/${member.id}/grants`,
            body: grant,
          } as const;
          const what = `grant ${target} to ${member.name} <${member.email}> from now until ${options.until ?? 'no end'}, with no payment`;
          stoppedForDryRun(options, json, what, request);
          return;
        }
        const body = await api.answer(
          api.client.POST('/api/admin/trainers/{trainerID}/members/{memberID}/grants', {
            params: { path: { trainerID, memberID }, header: api.header },
            body: grant,
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
    .option('--dry-run', 'say what it would end, and end nothing')
    .action(
      async (
        trainerID: string,
        memberID: string,
        grantID: string,
        options: DryRunOption,
        command: Command,
      ) => {
        const { api, json } = await connect(command);
        if (options.dryRun) {
          const { member } = await api.answer(
            api.client.GET('/api/admin/trainers/{trainerID}/members/{memberID}', {
              params: { path: { trainerID, memberID }, header: api.header },
            }),
          );
          const g = member.grants.find((one) => one.id === grantID);
          if (!g) throw new Refused(404, `Member ${member.id} has no grant ${grantID}`);
          const request = {
            method: 'DELETE',
            path: `/api/admin/trainers/${trainerID}/members/${member.id}/grants/${grantID}`,
          } as const;
          // The server's own refusals, so a dry run does not promise what the change would not do.
          if (g.revokedAt) throw new Refused(409, `Grant ${g.id} is already revoked`);
          if (g.until && Date.parse(g.until) <= Date.now())
            throw new Refused(409, `Grant ${g.id} has already ended, on ${lastDay(g.until)}`);
          const what = `end grant ${g.id} (${targetOf(g)}, ${grantState(g)}) of ${member.name} <${member.email}> now; what it opened closes unless a payment opens it`;
          stoppedForDryRun(options, json, what, request);
          return;
        }
        const body = await api.answer(
          api.client.DELETE('/api/admin/trainers/{trainerID}/members/{memberID}/grants/{grantID}', {
            params: {
              path: { trainerID, memberID, grantID },
              header: api.header,
            },
          }),
        );
        print(json, body, () => `Revoked grant ${body.grant.id} (${targetOf(body.grant)}).`);
      },
    );
}
