// A part of the catalogue page: a bordered box under its heading, with what adds to it beside the
// heading (an owner's "Add a plan").
import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
