// A member's charges: when, what, how much, paid or refunded; an owner refunds a paid one (the dialog
// says what the member loses first).
import { Button, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../../openapi/schema.d.ts';
import { money } from '../../money.ts';
import { TableSection } from './section.tsx';
import { useWhen } from './when.ts';

type Member = components['schemas']['StudioMember'];

export function ChargesSection({
  member,
  owner,
  onRefund,
}: {
  member: Member;
  owner: boolean;
  onRefund: (chargeID: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const when = useWhen();
  return (
    <TableSection
      title={t('studio.member.charges')}
      empty={t('studio.member.noCharges')}
      rows={member.charges}
      header={[
        t('studio.member.date'),
        t('studio.member.description'),
        t('studio.member.amount'),
        t('studio.members.status'),
        t('studio.member.actions'),
      ]}
    >
      {member.charges.map((charge) => (
        <Table.Tr key={charge.id}>
          <Table.Th scope="row" fw={500}>
            {when(charge.createdAt)}
          </Table.Th>
          <Table.Td>{charge.description}</Table.Td>
          <Table.Td>{money(charge.amount, charge.currency, lang)}</Table.Td>
          <Table.Td>
            {charge.refunded
              ? t('studio.member.refundedOn', { date: when(charge.refundedAt) })
              : t(charge.paid ? 'studio.member.paid' : 'studio.member.unpaid')}
          </Table.Td>
          <Table.Td>
            {owner && charge.paid && !charge.refunded ? (
              <Button
                size="xs"
                variant="default"
                onClick={() => onRefund(charge.id)}
                aria-label={t('studio.member.refundOf', {
                  description: charge.description,
                  date: when(charge.createdAt),
                })}
              >
                {t('studio.member.refund')}
              </Button>
            ) : null}
          </Table.Td>
        </Table.Tr>
      ))}
    </TableSection>
  );
}
