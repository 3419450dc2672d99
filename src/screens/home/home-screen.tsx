import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAuthModalControl, useSession } from '../../session/use-session.tsx';

export function HomeScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const signupControl = useAuthModalControl('signup');
  return (
    <Container size="md" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1}>{t('home.heading')}</Title>
        <Text size="lg">{t('home.intro')}</Text>
        {user ? null : <Button {...signupControl}>{t('home.getStarted')}</Button>}
      </Stack>
    </Container>
  );
}
