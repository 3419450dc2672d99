// How far a member has come in each program: the units done of its units.
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../../openapi/schema.d.ts';
import { TableSection } from './section.tsx';

type Member = components['schemas']['StudioMember'];

export function ProgressSection({ member }: { member: Member }) {
  const { t } = useTranslation();
  return (
    <TableSection
      title={t('studio.member.progress')}
      empty={t('studio.member.noProgress')}
      rows={member.progress}
      header={[t('studio.member.item'), t('studio.member.done')]}
    >
      {member.progress.map((row) => (
        <Table.Tr key={row.item}>
          <Table.Th scope="row" fw={500}>
            {row.title}
          </Table.Th>
          <Table.Td>{t('studio.figures.reachedOf', { reached: row.done, units: row.total })}</Table.Td>
        </Table.Tr>
      ))}
    </TableSection>
  );
}
