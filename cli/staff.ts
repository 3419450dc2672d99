// `trainer staff invite|list|remove`: the trainer's studio staff (decision 142) through the admin
// API. The operator invites the first owner; the invitation is emailed (seven days, one use) and the
// invitee makes their passkey at /studio/invite. Owners invite the rest from the studio.
import { type Command, Option } from 'commander';
import { Refused } from './admin-client.ts';
import { connect, print } from './common.ts';
import { type DryRunOption, stoppedForDryRun } from './dry-run.ts';
import { table } from './output.ts';

const day = (iso: string) => iso.slice(0, 10);

export function staffCommands(root: Command): void {
  const staff = root
    .command('staff')
    .description('invite, list and remove the people who run a trainer’s studio');
  staff
    .command('invite')
    .description('email an invitation to the studio (seven days, one use)')
    .argument('<trainer>', 'the trainer’s id')
    .argument('<email>', 'who to invite')
    .addOption(
      new Option('--role <role>', 'owner (everything) or coach (members and grants)')
        .choices(['owner', 'coach'])
        .makeOptionMandatory(),
    )
    .addOption(new Option('--locale <locale>', 'the language of the invitation email').choices(['en', 'es']))
    .option('--dry-run', 'say who it would invite, and send nothing')
    .action(
      async (
        trainerID: string,
        email: string,
        options: {
          role: 'owner' | 'coach';
          locale?: 'en' | 'es';
        } & DryRunOption,
        command: Command,
      ) => {
        const { api, json } = await connect(command);
        const invite = {
          email,
          role: options.role,
          ...(options.locale && { locale: options.locale }),
        };
        const request = {
          method: 'POST',
          path: `/api/admin/trainers/${trainerID}/staff/invites`,
          body: invite,
        } as const;
        // The server writes it in English unless told Spanish.
        const language = options.locale === 'es' ? 'Spanish' : 'English';
        const what = `email ${email} an invitation in ${language} to ${trainerID}'s studio as ${options.role}, for seven days and one use`;
        if (stoppedForDryRun(options, json, what, request)) return;
        const body = await api.answer(
          api.client.POST('/api/admin/trainers/{trainerID}/staff/invites', {
            params: { path: { trainerID }, header: api.header },
            body: invite,
          }),
        );
        const i = body.invite;
        print(
          json,
          body,
          () => `Invited ${i.email} as ${i.role} until ${day(i.expiresAt)}: invitation ${i.id}.`,
        );
      },
    );
  staff
    .command('list')
    .description('the studio’s staff and the invitations not yet accepted')
    .argument('<trainer>', 'the trainer’s id')
    .action(async (trainerID: string, _options: object, command: Command) => {
      const { api, json } = await connect(command);
      const body = await api.answer(
        api.client.GET('/api/admin/trainers/{trainerID}/staff', {
          params: { path: { trainerID }, header: api.header },
        }),
      );
      print(json, body, () =>
        [
          table(
            ['ID', 'NAME', 'EMAIL', 'ROLE', 'PASSKEYS', 'SINCE'],
            body.staff.map((s) => [s.id, s.name, s.email, s.role, String(s.passkeys), day(s.createdAt)]),
          ),
          body.invites.length > 0
            ? table(
                ['INVITATION', 'EMAIL', 'ROLE', 'UNTIL', 'BY'],
                body.invites.map((i) => [i.id, i.email, i.role, day(i.expiresAt), i.invitedBy]),
              )
            : 'No invitations waiting.',
        ].join('\n\n'),
      );
    });
  staff
    .command('remove')
    .description('remove a staff member and end their sessions (never the last owner)')
    .argument('<trainer>', 'the trainer’s id')
    .argument('<staff>', 'the staff member’s id (staff list shows it)')
    .option('--dry-run', 'say who it would remove, and remove no one')
    .action(async (trainerID: string, staffID: string, options: DryRunOption, command: Command) => {
      const { api, json } = await connect(command);
      if (options.dryRun) {
        const { staff: everyone } = await api.answer(
          api.client.GET('/api/admin/trainers/{trainerID}/staff', {
            params: { path: { trainerID }, header: api.header },
          }),
        );
        const s = everyone.find((one) => one.id === staffID);
        // The server's own refusals, so a dry run does not promise what the change would not do.
        if (!s) throw new Refused(404, `There is no staff member ${staffID}`);
        if (s.role === 'owner' && everyone.filter((one) => one.role === 'owner').length === 1)
          throw new Refused(
            409,
            "The studio's last owner cannot be removed: make someone else an owner first",
          );
        const request = {
          method: 'DELETE',
          path: `/api/admin/trainers/${trainerID}/staff/${staffID}`,
        } as const;
        stoppedForDryRun(
          options,
          json,
          `remove ${s.name} <${s.email}> (${s.role}) from ${trainerID}'s studio and end their sessions`,
          request,
        );
        return;
      }
      const body = await api.answer(
        api.client.DELETE('/api/admin/trainers/{trainerID}/staff/{staffID}', {
          params: { path: { trainerID, staffID }, header: api.header },
        }),
      );
      print(json, body, () => `Removed ${body.staff.name} <${body.staff.email}> (${body.staff.role}).`);
    });
}
