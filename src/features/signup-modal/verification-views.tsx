// The check-your-inbox dialog after signup, and the email-verified view of the verification link.
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { emailVerificationMachine } from '../../../machines/email-verification/email-verification.machine.ts';
import { Busy } from '../../lib/busy.tsx';
import { messageText } from '../../text/messages.ts';
import { useAuthStep } from './signup-modal.context.ts';

export function CheckInboxDialog() {
  const { t } = useTranslation();
  const step = useAuthStep();
  // Each button shows its own wait: the loader belongs to the request the member made.
  const checking = useSelector(step, (snapshot) => snapshot.matches({ checkInbox: 'checking' }));
  const resending = useSelector(step, (snapshot) => snapshot.matches({ checkInbox: 'resending' }));
  const error = useSelector(step, (snapshot) => snapshot.context.error);
  const canResend = useSelector(step, (snapshot) => snapshot.can({ type: 'verification.resend' }));
  const canCheck = useSelector(step, (snapshot) => snapshot.can({ type: 'verification.alreadyChecked' }));
  return (
    <Stack component="section" gap="md" aria-labelledby="check-inbox-heading">
      <Title order={2} id="check-inbox-heading">
        {t('signup.checkInboxHeading')}
      </Title>
      <Text>{t('signup.checkInboxBody')}</Text>
      {error ? (
        <Alert color="red" role="alert">
          {messageText(error, t)}
        </Alert>
      ) : null}
      <Button
        onClick={() => step.send({ type: 'verification.alreadyChecked' })}
        disabled={!canCheck}
        loading={checking}
      >
        {t('signup.alreadyChecked')}
      </Button>
      <Button
        variant="default"
        onClick={() => step.send({ type: 'verification.resend' })}
        disabled={!canResend}
        loading={resending}
      >
        {t('signup.resend')}
      </Button>
    </Stack>
  );
}

function EmailVerifiedContent({
  verification,
}: {
  verification: ActorRefFrom<typeof emailVerificationMachine>;
}) {
  const { t } = useTranslation();
  const verified = useSelector(verification, (snapshot) => snapshot.hasTag('view:emailVerified'));
  if (!verified) return <Busy label={t('signup.verifying')} />;
  return (
    <Stack gap="md">
      <Title order={2}>{t('signup.emailVerifiedHeading')}</Title>
      <Text>{t('signup.emailVerifiedBody')}</Text>
      <Button onClick={() => verification.send({ type: 'verification.continue' })}>
        {t('signup.continue')}
      </Button>
    </Stack>
  );
}

/** The verification link's flow: a loader while it verifies, then the verified view. */
export function EmailVerifiedView() {
  const { t } = useTranslation();
  const verification = useSelector(useAuthStep(), (snapshot) => snapshot.children.emailVerification);
  return verification ? (
    <EmailVerifiedContent verification={verification} />
  ) : (
    <Busy label={t('signup.verifying')} />
  );
}
