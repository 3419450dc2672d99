// The studio's sign-in (decision 147): a passkey first, an emailed one-time link beside it, and the
// link's own page, all one chart (machines/staff-sign-in). Signed in, the dashboard.
import { Alert, Button, Center, Divider, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useMachine } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignInProblem } from '../../../machines/staff-sign-in/staff-sign-in.types.ts';
import { flowInspector } from '../../lib/inspection.ts';
import { LoadingState } from '../components/states.tsx';
import { staffSignInFlow } from '../flows/staff-sign-in.ts';
import { OpenStudio } from '../navigation.tsx';

export function SignInPage({ token }: { token: string | null }) {
  return <SignIn key={token ?? ''} token={token} />;
}

export function ProblemAlert({
  problem,
  message,
}: {
  problem: SignInProblem | null;
  message: string | null;
}) {
  const { t } = useTranslation();
  if (!problem) return null;
  return (
    <Alert color="red" role="alert" title={t(`studio.signIn.problems.${problem}.title`)}>
      {problem === 'failed' || problem === 'rateLimited'
        ? t(message ?? 'errors.unexpected')
        : t(`studio.signIn.problems.${problem}.body`)}
    </Alert>
  );
}

function SignIn({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(staffSignInFlow, {
    input: token ? { start: 'link', token } : { start: 'signIn' },
    inspect: flowInspector(),
  });
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const waiting = snapshot.hasTag('loading');
  const passkeys = typeof window !== 'undefined' && browserSupportsWebAuthn();
  const { problem, message } = snapshot.context;

  if (snapshot.hasTag('view:signedIn')) return <OpenStudio />;
  const requestLink = (event: FormEvent) => {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) {
      setEmailError(t('studio.signIn.emailInvalid'));
      return;
    }
    setEmailError(null);
    send({ type: 'link.request', email });
  };

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder p="lg" radius="md" w="100%" maw={420}>
        <Stack>
          <Title order={1} size="h2">
            {t('studio.signIn.title')}
          </Title>
          {snapshot.hasTag('view:link') ? <LoadingState label={t('studio.signIn.checkingLink')} /> : null}
          {snapshot.hasTag('view:linkFailed') ? (
            <>
              <ProblemAlert problem={problem} message={message} />
              <Button onClick={() => send({ type: 'link.back' })}>{t('studio.signIn.toSignIn')}</Button>
            </>
          ) : null}
          {snapshot.hasTag('view:linkSent') ? (
            <>
              <Text role="status">{t('studio.signIn.linkSent', { email: snapshot.context.email })}</Text>
              <Button variant="default" onClick={() => send({ type: 'link.back' })}>
                {t('studio.signIn.back')}
              </Button>
            </>
          ) : null}
          {snapshot.hasTag('view:signIn') ? (
            <>
              <ProblemAlert problem={problem} message={message} />
              {passkeys ? (
                <>
                  <Button
                    size="md"
                    // A long label (Spanish at 375 px) wraps rather than being cut.
                    h="auto"
                    py="xs"
                    styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                    loading={waiting && !snapshot.matches('requestingLink')}
                    disabled={waiting}
                    onClick={() => send({ type: 'passkey.start' })}
                  >
                    {t('studio.signIn.passkey')}
                  </Button>
                  {snapshot.hasTag('view:prompt') ? (
                    <Text size="sm" role="status">
                      {t('studio.signIn.followPrompt')}
                    </Text>
                  ) : null}
                  <Divider label={t('studio.signIn.or')} labelPosition="center" />
                </>
              ) : (
                <Text size="sm">{t('studio.signIn.noPasskeys')}</Text>
              )}
              <form onSubmit={requestLink} noValidate>
                <Stack gap="sm">
                  <TextInput
                    type="email"
                    autoComplete="username webauthn"
                    label={t('studio.signIn.email')}
                    value={email}
                    onChange={(event) => setEmail(event.currentTarget.value)}
                    error={emailError}
                    disabled={waiting}
                  />
                  <Button
                    type="submit"
                    variant={passkeys ? 'default' : 'filled'}
                    loading={snapshot.matches('requestingLink')}
                    disabled={waiting}
                  >
                    {t('studio.signIn.emailLink')}
                  </Button>
                </Stack>
              </form>
            </>
          ) : null}
        </Stack>
      </Paper>
    </Center>
  );
}
