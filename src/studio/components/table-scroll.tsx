// A wide table's scroll box, at 375 px the only way to its right-hand columns: it takes the keyboard's
// focus (the arrow keys scroll it) and is named after its table, so a keyboard reaches every cell.
import { ScrollArea } from '@mantine/core';
import type { ReactNode } from 'react';

export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': label }}>
      {children}
    </ScrollArea>
  );
}
