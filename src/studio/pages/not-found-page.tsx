import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/states.tsx';
import { StudioLink } from '../navigation.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack p="md" component="main">
      <PageTitle>{t('studio.notFound.title')}</PageTitle>
      <Text>{t('studio.notFound.body')}</Text>
      <StudioLink to="/studio">{t('studio.notFound.home')}</StudioLink>
    </Stack>
  );
}
