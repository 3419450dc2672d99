import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSiteSettings } from '../../features/content/site-settings.ts';

export type ConfirmationType = 'subscription' | 'challenge' | 'course';

export function ConfirmationScreen({ type }: { type: ConfirmationType }) {
  const { t } = useTranslation();
  const { siteName } = useSiteSettings();
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="center" ta="center">
        <Text fw={700}>{siteName}</Text>
        <Title order={1}>{t(`confirmation.${type}`)}</Title>
        <Text>{t('confirmation.next')}</Text>
        <Button component={Link} to="/">
          {t('confirmation.continue')}
        </Button>
      </Stack>
    </Container>
  );
}
