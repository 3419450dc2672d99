// The frame of every page of the members' area: the page's width, and its texts loaded before it
// draws (the page's shape in skeletons meanwhile, so nothing jumps when it draws). A page that states dates says once that they are
// UTC days (decisions 090, 136), with DatesInUtc at its foot.
import { Container, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { libraryTexts, useLazyTexts } from '../lazy-texts/lazy-texts.ts';
import { CardsSkeleton, ItemSkeleton } from '../skeletons/skeletons.tsx';

type Shape = 'library' | 'item';

export function LibraryFrame({ children, shape = 'item' }: { children: ReactNode; shape?: Shape }) {
  const { t } = useTranslation();
  const ready = useLazyTexts(libraryTexts);
  return (
    // A screen tall at least: the footer stays below the fold while the page's shape fills in, so
    // nothing in view moves when the content arrives taller than its skeleton.
    <Container size="sm" py="xl" px="md" mih="100vh">
      <Stack gap="lg">
        {ready ? (
          children
        ) : (
          <>
            {/* Where the page's first line goes: the library's heading, or an item's way back. */}
            <Skeleton height={shape === 'library' ? 44 : 20} width={shape === 'library' ? '40%' : 160} />
            <Loading label={t('content.loading')} shape={shape} />
          </>
        )}
      </Stack>
    </Container>
  );
}

/** A page's loading state: its shape, and what loads in words for a screen reader. */
export function Loading({ label, shape }: { label: string; shape: Shape }) {
  return shape === 'library' ? <CardsSkeleton label={label} /> : <ItemSkeleton label={label} />;
}
