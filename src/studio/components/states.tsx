// The loading, empty and error states every studio page shows, in words (a screen reader hears them).
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function LoadingState({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text>{label}</Text>
      </Group>
    </Center>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" title={t('studio.failed')} my="md">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry ? (
          <Button size="xs" variant="default" onClick={onRetry}>
            {t('studio.retry')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={4} py="lg" align="flex-start">
      <Text fw={600}>{title}</Text>
      {children ? (
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The page's one heading, and the document's title: "<page> · <site>'s studio". */
export function PageTitle({ children, site }: { children: string; site?: string }) {
  if (typeof document !== 'undefined') document.title = site ? `${children} · ${site}` : children;
  return (
    <Title order={1} size="h2" mb="md">
      {children}
    </Title>
  );
}

/** A badge's green for good news: Mantine's darkest green (4.4:1 under white bold 11 px) falls short of 4.5:1. */
export const OK_GREEN = '#1f6f33';

/** A page's read while it waits or after it failed, in words; a failure offers to ask again. */
export function QueryStates({ query, loading }: { query: UseQueryResult<unknown, Error>; loading: string }) {
  const { t } = useTranslation();
  return (
    <>
      {query.isPending ? <LoadingState label={loading} /> : null}
      {query.isError ? (
        <ErrorState message={t(query.error.message)} onRetry={() => void query.refetch()} />
      ) : null}
    </>
  );
}
