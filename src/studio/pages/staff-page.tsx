// The staff (owner only): who has an account and which role (changed here for anyone but oneself),
// the invitations not yet accepted, a new invitation by email, and removing someone (which ends
// their sessions); the server keeps the last owner.
import { Alert, Button, Group, NativeSelect, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { studioApi, studioCall } from '../api.ts';
import { Rows } from '../components/rows.tsx';
import { EmptyState, ErrorState, PageTitle, QueryStates } from '../components/states.tsx';
import { useOneAtATime } from '../one-at-a-time.ts';
import { staffQuery, studioKeys } from '../queries.ts';
import { useStaff } from '../use-staff.ts';

export function StaffPage() {
  const { t, i18n } = useTranslation();
  const me = useStaff();
  const queryClient = useQueryClient();
  const staff = useQuery({ ...staffQuery(), enabled: me.role === 'owner' });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'owner' | 'coach'>('coach');
  const [confirming, setConfirming] = useState<string | null>(null);
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const invite = useMutation({
    mutationFn: () =>
      studioCall(
        studioApi.POST('/api/studio/staff/invites', {
          body: { email: email.trim(), role, locale: i18n.language.startsWith('es') ? 'es' : 'en' },
        }),
      ),
    onSuccess: () => {
      setEmail('');
      void queryClient.invalidateQueries({ queryKey: studioKeys.staff });
    },
  });
  const changeRole = useMutation({
    mutationFn: ({ staffID, role }: { staffID: string; role: 'owner' | 'coach' }) =>
      studioCall(
        studioApi.PATCH('/api/studio/staff/{staffID}', { params: { path: { staffID } }, body: { role } }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: studioKeys.staff }),
  });
  const remove = useMutation({
    mutationFn: (staffID: string) =>
      studioCall(studioApi.DELETE('/api/studio/staff/{staffID}', { params: { path: { staffID } } })),
    onSuccess: () => {
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: studioKeys.staff });
    },
  });
  const sendInvite = useOneAtATime(invite);
  const sendRole = useOneAtATime(changeRole);
  const sendRemoval = useOneAtATime(remove);
  if (me.role !== 'owner') {
    return (
      <Stack>
        <PageTitle site={me.trainerName}>{t('studio.staff.title')}</PageTitle>
        <Alert color="yellow">{t('studio.staff.ownersOnly')}</Alert>
      </Stack>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sendInvite();
  };
  return (
    <Stack>
      <PageTitle site={me.trainerName}>{t('studio.staff.title')}</PageTitle>
      <QueryStates query={staff} loading={t('studio.loading')} />
      {staff.data ? (
        <Rows
          caption={t('studio.staff.title')}
          header={[t('studio.members.name'), t('studio.staff.role'), t('studio.member.actions')]}
        >
          {staff.data.staff.map((person) => (
            <Table.Tr key={person.id}>
              <Table.Th scope="row" fw={500}>
                {person.name}
                <Text size="xs" c="dimmed">
                  {person.email}
                </Text>
              </Table.Th>
              <Table.Td>
                {person.id === me.id ? (
                  t(`studio.roles.${person.role}`)
                ) : (
                  <NativeSelect
                    size="xs"
                    aria-label={t('studio.staff.roleOf', { name: person.name })}
                    value={person.role}
                    disabled={changeRole.isPending}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      if (value === 'owner' || value === 'coach')
                        sendRole({ staffID: person.id, role: value });
                    }}
                    data={[
                      { value: 'coach', label: t('studio.roles.coach') },
                      { value: 'owner', label: t('studio.roles.owner') },
                    ]}
                  />
                )}
              </Table.Td>
              <Table.Td>
                {person.id === me.id ? null : confirming === person.id ? (
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="xs"
                      color="red.9"
                      loading={remove.isPending}
                      onClick={() => sendRemoval(person.id)}
                    >
                      {t('studio.staff.confirmRemove', { name: person.name })}
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setConfirming(null)}>
                      {t('studio.cancel')}
                    </Button>
                  </Group>
                ) : (
                  <Button size="xs" variant="default" onClick={() => setConfirming(person.id)}>
                    {t('studio.staff.remove')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Rows>
      ) : null}
      {remove.isError ? <ErrorState message={t(remove.error.message)} /> : null}
      {changeRole.isError ? <ErrorState message={t(changeRole.error.message)} /> : null}
      {changeRole.isSuccess ? (
        <Alert color="green" role="status">
          {t('studio.staff.roleChanged', {
            name: changeRole.data.staff.name,
            role: t(`studio.roles.${changeRole.data.staff.role}`),
          })}
        </Alert>
      ) : null}
      <Text component="h2" fw={700} fz="lg">
        {t('studio.staff.invites')}
      </Text>
      {staff.data?.invites.length === 0 ? <EmptyState title={t('studio.staff.noInvites')} /> : null}
      {staff.data?.invites.map((pending) => (
        <Text key={pending.id} size="sm">
          {t('studio.staff.pending', {
            email: pending.email,
            role: t(`studio.roles.${pending.role}`),
            date: day.format(new Date(pending.expiresAt)),
          })}
        </Text>
      ))}
      <form onSubmit={submit} aria-label={t('studio.staff.inviteForm')}>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            type="email"
            label={t('studio.signIn.email')}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            required
          />
          <Select
            label={t('studio.staff.role')}
            value={role}
            onChange={(value) => setRole(value === 'owner' ? 'owner' : 'coach')}
            allowDeselect={false}
            data={[
              { value: 'coach', label: t('studio.roles.coach') },
              { value: 'owner', label: t('studio.roles.owner') },
            ]}
          />
          <Button type="submit" loading={invite.isPending}>
            {t('studio.staff.invite')}
          </Button>
        </Group>
      </form>
      <Text size="sm" c="dimmed">
        {t('studio.staff.rolesHint')}
      </Text>
      {invite.isError ? <ErrorState message={t(invite.error.message)} /> : null}
      {invite.isSuccess ? (
        <Alert color="green" role="status">
          {t('studio.staff.invited', { email: invite.data.invite.email })}
        </Alert>
      ) : null}
    </Stack>
  );
}
