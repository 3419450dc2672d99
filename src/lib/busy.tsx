// A spinner never shows alone: it says what the site is doing, in the page's language, and the words
// are what a screen reader announces (role status), so sighted and blind members hear the same.
import { Group, Loader, Text } from '@mantine/core';

export function Busy({ label, size = 'sm' }: { label: string; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Group gap="sm" role="status" aria-label={label} wrap="nowrap" py="xs">
      <Loader size={size} aria-hidden />
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}
