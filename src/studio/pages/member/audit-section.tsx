// The audit of changes to a member: when, who (the operator or a staff member), what.
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../../openapi/schema.d.ts';
import { TableSection } from './section.tsx';
import { useWhen } from './when.ts';

type Member = components['schemas']['StudioMember'];

export function AuditSection({ member }: { member: Member }) {
  const { t } = useTranslation();
  const when = useWhen();
  return (
    <TableSection
      title={t('studio.member.audit')}
      empty={t('studio.member.noAudit')}
      rows={member.audit}
      header={[t('studio.member.date'), t('studio.member.who'), t('studio.member.what')]}
    >
      {member.audit.map((entry) => (
        <Table.Tr key={entry.id}>
          <Table.Th scope="row" fw={500}>
            {when(entry.at)}
          </Table.Th>
          <Table.Td>
            {entry.actor.kind === 'operator'
              ? t('studio.member.operator')
              : `${entry.actor.name} (${entry.actor.email ?? ''})`}
          </Table.Td>
          <Table.Td>{entry.action}</Table.Td>
        </Table.Tr>
      ))}
    </TableSection>
  );
}
