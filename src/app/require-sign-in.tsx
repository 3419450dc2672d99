// Pages for members only: a visitor sees why the page is empty and a way to log in, and the page
// appears as soon as the session has a member. Offering the login modal on arrival and signing in
// with an emailed link's token are the address machine's (machines/address).
import { Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthModalControl, useSession } from '../session/use-session.tsx';

export function RequireSignIn({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const loginControl = useAuthModalControl('login');
  if (session.user) return children;
  return (
    <Stack align="center" py="xl" gap="md">
      <Text>{t('auth.required')}</Text>
      <Button {...loginControl}>{t('auth.login')}</Button>
    </Stack>
  );
}
