// A table of the studio: named by its caption (a screen reader hears it; the page's heading shows it),
// its columns headed, its rows given. A table too wide for a phone sits in its scroll box.
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { TableScroll } from './table-scroll.tsx';

interface RowsProps {
  caption: string;
  header: string[];
  children: ReactNode;
}

export function Rows({ caption, header, miw, children }: RowsProps & { miw?: number }) {
  return (
    <Table striped miw={miw} fz="sm">
      <caption className="studio-visually-hidden">{caption}</caption>
      <Table.Thead>
        <Table.Tr>
          {header.map((cell) => (
            <Table.Th key={cell} scope="col">
              {cell}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}

/** Rows at least `miw` pixels wide (120 a column unless said), scrolled sideways in a box named as the table is. */
export function WideRows({ miw, ...rows }: RowsProps & { miw?: number }) {
  return (
    <TableScroll label={rows.caption}>
      <Rows {...rows} miw={miw ?? rows.header.length * 120} />
    </TableScroll>
  );
}
