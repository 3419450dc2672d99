// Pages that need a member: a visitor gets the login modal and stays on the page asked for, which
// appears as soon as the session has a user. A `token` from an emailed link is handed to the session
// first (a failure is ignored by it) and then removed from the address.
import { Button, Stack, Text } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from './session.tsx';

export function RequireSignIn({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const { token } = useSearch({ strict: false }) as { token?: string };
  const navigate = useNavigate();
  const askedForLogin = useRef(false);

  useEffect(() => {
    if (!token) return;
    session.loadUserWithToken(token);
    void navigate({ to: '.', search: {}, replace: true });
  }, [token, session, navigate]);

  const signedOut = session.user === null;
  useEffect(() => {
    if (signedOut && !token && !askedForLogin.current) {
      askedForLogin.current = true;
      session.openAuthModal('login');
    }
    if (!signedOut) askedForLogin.current = false;
  }, [signedOut, token, session]);

  if (session.user) return children;
  return (
    <Stack align="center" py="xl" gap="md">
      <Text>{t('auth.required')}</Text>
      <Button onClick={() => session.openAuthModal('login')}>{t('auth.login')}</Button>
    </Stack>
  );
}
