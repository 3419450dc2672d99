// The frame of every page of the members' area: the page's width, and its texts loaded before it
// draws (a line saying it is loading meanwhile). A page that states dates says once that they are
// UTC days (decisions 090, 136), with DatesInUtc at its foot.
import { Container, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Busy } from '../../lib/busy.tsx';
import { libraryTexts, useLazyTexts } from '../lazy-texts/lazy-texts.ts';

export function LibraryFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const ready = useLazyTexts(libraryTexts);
  return (
    <Container size="sm" py="xl" px="md">
      {ready ? <Stack gap="lg">{children}</Stack> : <Busy label={t('content.loading')} />}
    </Container>
  );
}

/** A page's loading state, in words. */
export function Loading({ label }: { label: string }) {
  return (
    <Stack gap="xs" align="flex-start" role="status">
      <Loader size="sm" aria-hidden />
      <span>{label}</span>
    </Stack>
  );
}
