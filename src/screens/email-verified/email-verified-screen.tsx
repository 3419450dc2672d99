import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function EmailVerifiedScreen() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="center" ta="center">
        <Title order={1}>{t('emailVerified.heading')}</Title>
        <Text>{t('emailVerified.body')}</Text>
      </Stack>
    </Container>
  );
}
