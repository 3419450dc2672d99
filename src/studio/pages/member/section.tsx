// A part of a member's page: a bordered box under its heading; most parts are one table.
import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { WideRows } from '../../components/rows.tsx';
import { EmptyState } from '../../components/states.tsx';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A part that is one table, named by the part's heading; with no rows, `empty` says so instead. */
export function TableSection({
  title,
  empty,
  rows,
  header,
  children,
}: {
  title: string;
  empty: string;
  rows: unknown[];
  header: string[];
  children: ReactNode;
}) {
  return (
    <Section title={title}>
      {rows.length === 0 ? (
        <EmptyState title={empty} />
      ) : (
        <WideRows caption={title} header={header}>
          {children}
        </WideRows>
      )}
    </Section>
  );
}
