// An invite's page: whose site, which role, for which address; the person names themselves and
// creates their first passkey (machines/staff-sign-in). Accepted, the dashboard.
import { Alert, Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useMachine } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flowInspector } from '../../lib/inspection.ts';
import { LoadingState } from '../components/states.tsx';
import { staffSignInFlow } from '../flows/staff-sign-in.ts';
import { OpenStudio } from '../navigation.tsx';
import { ProblemAlert } from './sign-in-page.tsx';

export function InvitePage({ token }: { token: string | null }) {
  const { t } = useTranslation();
  if (!token) {
    return (
      <Center mih="100vh" p="md" component="main">
        <Alert color="red" role="alert" title={t('studio.invite.title')}>
          {t('studio.invite.noToken')}
        </Alert>
      </Center>
    );
  }
  return <Invite key={token} token={token} />;
}

function Invite({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const [snapshot, send] = useMachine(staffSignInFlow, {
    input: { start: 'invite', token },
    inspect: flowInspector(),
  });
  const [name, setName] = useState('');
  const [deviceName, setDeviceName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const { invite, problem, message } = snapshot.context;
  const waiting = snapshot.hasTag('loading');

  if (snapshot.hasTag('view:signedIn')) return <OpenStudio />;
  const accept = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(t('studio.invite.nameRequired'));
      return;
    }
    setNameError(null);
    send({ type: 'invite.accept', name, deviceName });
  };
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder p="lg" radius="md" w="100%" maw={460}>
        <Stack>
          <Title order={1} size="h2">
            {t('studio.invite.title')}
          </Title>
          {snapshot.matches('readingInvite') ? <LoadingState label={t('studio.invite.loading')} /> : null}
          {snapshot.hasTag('view:inviteFailed') ? (
            <>
              <ProblemAlert problem={problem} message={message} />
              {problem === 'failed' ? (
                <Button variant="default" onClick={() => send({ type: 'retry' })}>
                  {t('studio.retry')}
                </Button>
              ) : null}
            </>
          ) : null}
          {invite && snapshot.hasTag('view:invite') ? (
            <form onSubmit={accept} noValidate>
              <Stack>
                <Text>
                  {t('studio.invite.body', {
                    site: invite.trainerName,
                    role: t(`studio.roles.${invite.role}`),
                    email: invite.email,
                  })}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('studio.invite.expires', {
                    date: new Intl.DateTimeFormat(i18n.language, {
                      dateStyle: 'long',
                      timeStyle: 'short',
                    }).format(new Date(invite.expiresAt)),
                  })}
                </Text>
                <ProblemAlert problem={problem} message={message} />
                <TextInput
                  label={t('studio.invite.name')}
                  autoComplete="name"
                  value={name}
                  onChange={(event) => setName(event.currentTarget.value)}
                  error={nameError}
                  required
                  disabled={waiting}
                />
                <TextInput
                  label={t('studio.invite.deviceName')}
                  description={t('studio.invite.deviceHint')}
                  value={deviceName}
                  onChange={(event) => setDeviceName(event.currentTarget.value)}
                  disabled={waiting}
                />
                {browserSupportsWebAuthn() ? (
                  <Button type="submit" size="md" loading={waiting}>
                    {t('studio.invite.createPasskey')}
                  </Button>
                ) : (
                  <Alert color="yellow">{t('studio.invite.noPasskeys')}</Alert>
                )}
                {snapshot.hasTag('view:prompt') ? (
                  <Text size="sm" role="status">
                    {t('studio.signIn.followPrompt')}
                  </Text>
                ) : null}
              </Stack>
            </form>
          ) : null}
        </Stack>
      </Paper>
    </Center>
  );
}
