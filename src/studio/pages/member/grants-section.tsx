// A member's grants: what was given without a payment (the membership or a product), until when,
// revoked or not; staff revoke one or grant something new, until a date or with no end.
import { Button, Group, Select, Table } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../../openapi/schema.d.ts';
import { studioApi, studioCall } from '../../api.ts';
import { DateField } from '../../components/date-field.tsx';
import { WideRows } from '../../components/rows.tsx';
import { EmptyState, ErrorState } from '../../components/states.tsx';
import { productsQuery } from '../../queries.ts';
import { Section } from './section.tsx';

type Member = components['schemas']['StudioMember'];

export function GrantsSection({ member, onChange }: { member: Member; onChange: () => void }) {
  const { t, i18n } = useTranslation();
  const products = useQuery(productsQuery());
  const [target, setTarget] = useState<string>('membership');
  const [until, setUntil] = useState('');
  const [untilInvalid, setUntilInvalid] = useState(false);
  const grant = useMutation({
    mutationFn: () =>
      studioCall(
        studioApi.POST('/api/studio/members/{memberID}/grants', {
          params: { path: { memberID: member.id } },
          body: { target, ...(until ? { until } : {}) },
        }),
      ),
    onSuccess: () => {
      setUntil('');
      onChange();
    },
  });
  const revoke = useMutation({
    mutationFn: (grantID: string) =>
      studioCall(
        studioApi.DELETE('/api/studio/members/{memberID}/grants/{grantID}', {
          params: { path: { memberID: member.id, grantID } },
        }),
      ),
    onSuccess: onChange,
  });
  const moment = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const offered = (products.data ?? []).filter(
    (product) => product.kind !== 'subscription' && !product.archived,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!untilInvalid) grant.mutate();
  };
  return (
    <Section title={t('studio.member.grants')}>
      {member.grants.length === 0 ? <EmptyState title={t('studio.member.noGrants')} /> : null}
      {member.grants.length > 0 ? (
        <WideRows
          caption={t('studio.member.grants')}
          header={[
            t('studio.member.item'),
            t('studio.member.until'),
            t('studio.members.status'),
            t('studio.member.actions'),
          ]}
        >
          {member.grants.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Th scope="row" fw={500}>
                {row.product?.name ?? t('studio.member.membership')}
              </Table.Th>
              <Table.Td>{row.until ? moment.format(new Date(row.until)) : t('studio.member.noEnd')}</Table.Td>
              <Table.Td>
                {row.revokedAt
                  ? t('studio.member.revokedOn', { date: moment.format(new Date(row.revokedAt)) })
                  : t('studio.member.granted')}
              </Table.Td>
              <Table.Td>
                {row.revokedAt ? null : (
                  <Button
                    size="xs"
                    variant="default"
                    loading={revoke.isPending && revoke.variables === row.id}
                    onClick={() => revoke.mutate(row.id)}
                  >
                    {t('studio.member.revoke')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </WideRows>
      ) : null}
      {revoke.isError ? <ErrorState message={t(revoke.error.message)} /> : null}
      <form onSubmit={submit} aria-label={t('studio.member.grantForm')}>
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('studio.member.grantWhat')}
            value={target}
            onChange={(value) => setTarget(value ?? 'membership')}
            allowDeselect={false}
            data={[
              { value: 'membership', label: t('studio.member.membership') },
              ...offered.map((product) => ({
                value: product.id,
                label: product.names[i18n.language as 'en'] ?? product.names.en,
              })),
            ]}
          />
          <DateField
            label={t('studio.member.grantUntil')}
            description={t('studio.member.grantUntilHint')}
            value={until}
            onChange={setUntil}
            onInvalid={setUntilInvalid}
            minDate={new Date().toISOString().slice(0, 10)}
          />
          <Button type="submit" loading={grant.isPending} disabled={untilInvalid}>
            {t('studio.member.grant')}
          </Button>
        </Group>
      </form>
      {grant.isError ? <ErrorState message={t(grant.error.message)} /> : null}
    </Section>
  );
}
