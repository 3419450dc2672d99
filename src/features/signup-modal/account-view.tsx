// Step 1 for a signed-in member: who is signed in, Continue, and 'Not you? Log out'. The modal
// machine decides where each leads (its `account` and `signingOut` states).
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../text/messages.ts';
import { useModalActor } from './signup-modal.context.ts';

export function AccountView() {
  const { t } = useTranslation();
  const modal = useModalActor();
  const user = useSelector(modal, (snapshot) => snapshot.context.user);
  const error = useSelector(modal, (snapshot) => snapshot.context.error);
  const signingOut = useSelector(modal, (snapshot) => snapshot.hasTag('loading'));
  return (
    <Stack component="section" gap="md" aria-labelledby="account-heading">
      <Title order={2} id="account-heading">
        {t('signup.accountHeading')}
      </Title>
      <div>
        <Text>{t('signup.signedInAs')}</Text>
        <Text fw={700}>{user?.profile.name}</Text>
        <Text>{user?.email}</Text>
      </div>
      {error ? (
        <Alert color="red" role="alert">
          {messageText(error, t)}
        </Alert>
      ) : null}
      <Button onClick={() => modal.send({ type: 'account.continue' })} disabled={signingOut}>
        {t('signup.continue')}
      </Button>
      <Button variant="default" onClick={() => modal.send({ type: 'account.logout' })} loading={signingOut}>
        {t('signup.notYou')}
      </Button>
    </Stack>
  );
}
