// What a member can open and why: each item, open or the reason it is not, through what (a purchase,
// the subscription, a grant), and until when.
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../../openapi/schema.d.ts';
import { TableSection } from './section.tsx';
import { useWhen } from './when.ts';

type Member = components['schemas']['StudioMember'];

export function AccessSection({ member }: { member: Member }) {
  const { t } = useTranslation();
  const when = useWhen();
  return (
    <TableSection
      title={t('studio.member.access')}
      empty={t('studio.member.noAccess')}
      rows={member.access}
      header={[
        t('studio.member.item'),
        t('studio.member.open'),
        t('studio.member.via'),
        t('studio.member.until'),
      ]}
    >
      {member.access.map((item) => (
        <Table.Tr key={item.item}>
          <Table.Th scope="row" fw={500}>
            {item.title}
          </Table.Th>
          <Table.Td>
            {item.open ? t('studio.member.openYes') : t(`studio.member.reasons.${item.reason ?? 'notHeld'}`)}
          </Table.Td>
          <Table.Td>{item.via ? t(`studio.member.viaKinds.${item.via}`) : '—'}</Table.Td>
          <Table.Td>{item.until ? when(item.until) : t('studio.member.noEnd')}</Table.Td>
        </Table.Tr>
      ))}
    </TableSection>
  );
}
