// The frame of every page of the members' area: the page's width, its texts loaded before it draws
// (a line saying it is loading meanwhile), and the dates' time zone said once at the foot.
import { Container, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { libraryTexts, useLazyTexts } from '../lazy-texts/lazy-texts.ts';
import { DatesInUtc } from '../profile/dates-in-utc.tsx';

export function LibraryFrame({ children, dates = false }: { children: ReactNode; dates?: boolean }) {
  const { t } = useTranslation();
  const ready = useLazyTexts(libraryTexts);
  return (
    <Container size="sm" py="xl" px="md">
      {ready ? (
        <Stack gap="lg">
          {children}
          {/* The drip's days and the ends of access are UTC days (decisions 090, 136). */}
          {dates ? <DatesInUtc /> : null}
        </Stack>
      ) : (
        <Loader role="status" aria-label={t('content.loading')} />
      )}
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
