// My account: my passkeys (add this device or another, remove one, never the last) and my sessions
// (each device signed in, revocable; revoking this one signs me out).
import { Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemOf } from '../../../machines/staff-sign-in/staff-sign-in.setup.ts';
import { studioApi, studioCall } from '../api.ts';
import { Rows } from '../components/rows.tsx';
import { EmptyState, ErrorState, PageTitle, QueryStates } from '../components/states.tsx';
import { useOneAtATime } from '../one-at-a-time.ts';
import { passkeysQuery, sessionsQuery, studioKeys } from '../queries.ts';
import { useStaff } from '../use-staff.ts';
import { ProblemAlert } from './sign-in-page.tsx';

type RegistrationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];

export function AccountPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  return (
    <Stack>
      <PageTitle site={staff.trainerName}>{t('studio.account.title')}</PageTitle>
      <Text>
        {staff.name} · {staff.email} · {t(`studio.roles.${staff.role}`)}
      </Text>
      <Passkeys />
      <Sessions />
    </Stack>
  );
}

function Passkeys() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const passkeys = useQuery(passkeysQuery());
  const [deviceName, setDeviceName] = useState('');
  const moment = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const add = useMutation({
    mutationFn: async () => {
      const { options } = await studioCall(studioApi.POST('/api/studio/passkeys/options'));
      const response = await startRegistration({ optionsJSON: options as unknown as RegistrationOptions });
      return studioCall(
        studioApi.POST('/api/studio/passkeys', {
          body: {
            response: response as never,
            ...(deviceName.trim() ? { deviceName: deviceName.trim() } : {}),
          },
        }),
      );
    },
    onSuccess: () => {
      setDeviceName('');
      void queryClient.invalidateQueries({ queryKey: studioKeys.passkeys });
    },
  });
  const remove = useMutation({
    mutationFn: (passkeyID: string) =>
      studioCall(studioApi.DELETE('/api/studio/passkeys/{passkeyID}', { params: { path: { passkeyID } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: studioKeys.passkeys }),
  });
  const sendAdd = useOneAtATime(add);
  const sendRemoval = useOneAtATime(remove);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sendAdd();
  };
  return (
    <Stack component="section" aria-labelledby="passkeys-heading" gap="sm">
      <Text component="h2" fw={700} fz="lg" id="passkeys-heading">
        {t('studio.account.passkeys')}
      </Text>
      <QueryStates query={passkeys} loading={t('studio.loading')} />
      {passkeys.data?.length === 0 ? <EmptyState title={t('studio.account.noPasskeys')} /> : null}
      {passkeys.data && passkeys.data.length > 0 ? (
        <Rows
          caption={t('studio.account.passkeys')}
          header={[t('studio.account.device'), t('studio.account.lastUsed'), t('studio.member.actions')]}
        >
          {passkeys.data.map((passkey) => (
            <Table.Tr key={passkey.id}>
              <Table.Th scope="row" fw={500}>
                {passkey.deviceName ?? t('studio.account.unnamed')}
              </Table.Th>
              <Table.Td>
                {passkey.lastUsedAt ? moment.format(new Date(passkey.lastUsedAt)) : t('studio.account.never')}
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="default"
                  disabled={passkeys.data.length === 1}
                  loading={remove.isPending && remove.variables === passkey.id}
                  onClick={() => sendRemoval(passkey.id)}
                  aria-label={t('studio.account.removeOf', {
                    device: passkey.deviceName ?? t('studio.account.unnamed'),
                  })}
                >
                  {t('studio.account.remove')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Rows>
      ) : null}
      {passkeys.data?.length === 1 ? (
        <Text size="sm" c="dimmed">
          {t('studio.account.lastPasskey')}
        </Text>
      ) : null}
      {remove.isError ? <ErrorState message={t(remove.error.message)} /> : null}
      <form onSubmit={submit} aria-label={t('studio.account.addPasskey')}>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('studio.invite.deviceName')}
            description={t('studio.invite.deviceHint')}
            value={deviceName}
            onChange={(event) => setDeviceName(event.currentTarget.value)}
          />
          <Button type="submit" loading={add.isPending}>
            {t('studio.account.addPasskey')}
          </Button>
        </Group>
      </form>
      {add.isError ? (
        problemOf(add.error, false) === 'failed' ? (
          <ErrorState message={t(add.error.message)} />
        ) : (
          <ProblemAlert problem={problemOf(add.error, false)} message={add.error.message} />
        )
      ) : null}
      {add.isSuccess ? (
        <Alert color="green" role="status">
          {t('studio.account.added')}
        </Alert>
      ) : null}
    </Stack>
  );
}

function Sessions() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery());
  const moment = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const revoke = useMutation({
    mutationFn: (sessionID: string) =>
      studioCall(studioApi.DELETE('/api/studio/sessions/{sessionID}', { params: { path: { sessionID } } })),
    onSuccess: (_answer, sessionID) => {
      const current = sessions.data?.find((session) => session.id === sessionID)?.current;
      // Revoking this device's session is signing out here.
      if (current) queryClient.setQueryData(studioKeys.me, null);
      else void queryClient.invalidateQueries({ queryKey: studioKeys.sessions });
    },
  });
  const sendRevoke = useOneAtATime(revoke);
  return (
    <Stack component="section" aria-labelledby="sessions-heading" gap="sm">
      <Text component="h2" fw={700} fz="lg" id="sessions-heading">
        {t('studio.account.sessions')}
      </Text>
      <QueryStates query={sessions} loading={t('studio.loading')} />
      {sessions.data ? (
        <Rows
          caption={t('studio.account.sessions')}
          header={[t('studio.account.browser'), t('studio.account.lastSeen'), t('studio.member.actions')]}
        >
          {sessions.data.map((session) => (
            <Table.Tr key={session.id} data-testid="studio-session">
              <Table.Th scope="row" fw={500}>
                {session.userAgent ?? t('studio.account.unknownBrowser')}
                {session.current ? ` · ${t('studio.account.thisDevice')}` : ''}
              </Table.Th>
              <Table.Td>{moment.format(new Date(session.lastSeenAt))}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="default"
                  loading={revoke.isPending && revoke.variables === session.id}
                  onClick={() => sendRevoke(session.id)}
                >
                  {t(session.current ? 'studio.account.signOutHere' : 'studio.account.revoke')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Rows>
      ) : null}
      {revoke.isError ? <ErrorState message={t(revoke.error.message)} /> : null}
    </Stack>
  );
}
