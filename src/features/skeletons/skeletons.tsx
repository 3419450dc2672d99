import '@mantine/core/styles/Skeleton.css';
// Kept off the shell's chunk (vite.config.ts names src/lib in it): only members' pages draw them.
// The shapes a page holds while its data loads: the rows of a form, a table or a list drawn as grey
// blocks of about the size the content takes, so nothing jumps when it arrives (CLS), and the page is
// never blank. Each says in words what is loading, for a screen reader as a spinner would (busy.tsx).
import { Group, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

function Shape({ label, children, gap = 'sm' }: { label: string; children: ReactNode; gap?: string }) {
  return (
    <Stack gap={gap} role="status" aria-busy="true" aria-label={label} data-testid="skeleton">
      {children}
    </Stack>
  );
}

/** Lines of text of a typical width, the last shorter, as a paragraph's. */
export function TextSkeleton({
  label,
  lines = 3,
  height = 16,
}: {
  label: string;
  lines?: number;
  height?: number;
}) {
  return (
    <Shape label={label} gap="xs">
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are identical placeholders
        <Skeleton key={i} height={height} width={i === lines - 1 ? '60%' : '90%'} />
      ))}
    </Shape>
  );
}

/** A form: each field a label over an input (Mantine's default sizes), then its button. */
export function FormSkeleton({
  label,
  fields,
  tall = [],
}: {
  label: string;
  fields: number;
  tall?: number[];
}) {
  return (
    <Shape label={label}>
      {Array.from({ length: fields }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the fields are identical placeholders
        <Stack key={i} gap={6}>
          <Skeleton height={14} width={120} />
          <Skeleton height={tall.includes(i) ? 60 : 36} radius="sm" />
        </Stack>
      ))}
      <Skeleton height={36} width={120} radius="sm" mt="xs" />
    </Shape>
  );
}

/** A table: its header, then rows of cells. */
export function TableSkeleton({
  label,
  rows = 3,
  columns = 4,
}: {
  label: string;
  rows?: number;
  columns?: number;
}) {
  const row = (height: number, key: string) => (
    <Group key={key} gap="md" wrap="nowrap" grow>
      {Array.from({ length: columns }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the cells are identical placeholders
        <Skeleton key={i} height={height} />
      ))}
    </Group>
  );
  return (
    <Shape label={label} gap="md">
      {row(14, 'head')}
      {Array.from({ length: rows }, (_, i) => row(20, `row-${i}`))}
    </Shape>
  );
}

/** Cards in a column, each a picture's band, a title and a line. */
export function CardsSkeleton({ label, cards = 3 }: { label: string; cards?: number }) {
  return (
    <Shape label={label} gap="md">
      <Skeleton height={28} width="50%" />
      {Array.from({ length: cards }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the cards are identical placeholders
        <Group key={i} gap="md" wrap="nowrap" align="flex-start">
          <Skeleton height={72} width={96} radius="md" />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={18} width="70%" />
            <Skeleton height={14} width="40%" />
            <Skeleton height={8} radius="xl" />
          </Stack>
        </Group>
      ))}
    </Shape>
  );
}

/** A program's or course's page: its title, its intro, then its days or lessons as rows. */
export function ItemSkeleton({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <Shape label={label} gap="md">
      <Skeleton height={36} width="60%" />
      <Stack gap="xs">
        <Skeleton height={16} width="90%" />
        <Skeleton height={16} width="70%" />
      </Stack>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows are identical placeholders
        <Skeleton key={i} height={48} radius="md" />
      ))}
    </Shape>
  );
}
