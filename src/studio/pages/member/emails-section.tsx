// The emails sent to a member, newest first: when, the subject, whether it went.
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../../openapi/schema.d.ts';
import { TableSection } from './section.tsx';
import { useWhen } from './when.ts';

type Member = components['schemas']['StudioMember'];

export function EmailsSection({ member }: { member: Member }) {
  const { t } = useTranslation();
  const when = useWhen();
  return (
    <TableSection
      title={t('studio.member.emails')}
      empty={t('studio.member.noEmails')}
      rows={member.emails}
      header={[t('studio.member.sentAt'), t('studio.member.subject'), t('studio.members.status')]}
    >
      {member.emails.map((email) => (
        <Table.Tr key={`${email.template}-${email.sentAt}-${email.subject}`}>
          <Table.Th scope="row" fw={500}>
            {when(email.sentAt)}
          </Table.Th>
          <Table.Td>{email.subject}</Table.Td>
          <Table.Td>{t(`studio.member.emailStatus.${email.status}`)}</Table.Td>
        </Table.Tr>
      ))}
    </TableSection>
  );
}
