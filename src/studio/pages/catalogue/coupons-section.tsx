// The coupons: each one's code, what it takes off and for how long, how often it was redeemed; an
// owner archives one or adds one (a percentage off, once, for some months or for ever).
import { Badge, Button, Group, NumberInput, Select, Table, TextInput } from '@mantine/core';
import { type UseQueryResult, useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUPON_DURATIONS, type CouponDuration } from '../../../../openapi/contract-values.ts';
import type { components } from '../../../../openapi/schema.d.ts';
import { studioApi, studioCall } from '../../api.ts';
import { WideRows } from '../../components/rows.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { money } from '../../money.ts';
import { Section } from './section.tsx';

type AdminCoupon = components['schemas']['AdminCoupon'];

export function CouponsSection({
  owner,
  coupons,
  onArchive,
  onChange,
}: {
  owner: boolean;
  coupons: UseQueryResult<AdminCoupon[], Error>;
  onArchive: (id: string, name: string) => void;
  onChange: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [code, setCode] = useState('');
  const [percentOff, setPercentOff] = useState<number | string>(10);
  const [duration, setDuration] = useState<CouponDuration>('once');
  const [months, setMonths] = useState<number | string>(3);
  const add = useMutation({
    mutationFn: () =>
      studioCall(
        studioApi.POST('/api/studio/coupons', {
          body: {
            code: code.trim(),
            percentOff: Number(percentOff),
            duration,
            ...(duration === 'repeating' ? { durationInMonths: Number(months) } : {}),
          },
        }),
      ),
    onSuccess: () => {
      setCode('');
      onChange();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  const off = (coupon: AdminCoupon) =>
    coupon.percentOff !== null
      ? t('studio.catalogue.percentOff', { percent: coupon.percentOff })
      : money(coupon.amountOff ?? 0, coupon.currency ?? 'usd', i18n.language);
  return (
    <Section title={t('studio.catalogue.coupons')}>
      {coupons.isPending ? <LoadingState label={t('studio.loading')} /> : null}
      {coupons.isError ? <ErrorState message={t(coupons.error.message)} /> : null}
      {coupons.data?.length === 0 ? <EmptyState title={t('studio.catalogue.noCoupons')} /> : null}
      {coupons.data && coupons.data.length > 0 ? (
        <WideRows
          caption={t('studio.catalogue.coupons')}
          header={[
            t('studio.catalogue.code'),
            t('studio.catalogue.off'),
            t('studio.catalogue.redemptions'),
            t('studio.member.actions'),
          ]}
        >
          {coupons.data.map((coupon) => (
            <Table.Tr key={coupon.id}>
              <Table.Th scope="row" fw={500}>
                {coupon.code}
              </Table.Th>
              <Table.Td>
                {off(coupon)} ·{' '}
                {t(`studio.catalogue.durations.${coupon.duration}`, {
                  count: coupon.durationInMonths ?? 0,
                })}
              </Table.Td>
              <Table.Td>{coupon.redemptions}</Table.Td>
              <Table.Td>
                {coupon.archived ? (
                  <Badge color="gray.7">{t('studio.catalogue.archived')}</Badge>
                ) : owner ? (
                  <Button size="xs" variant="default" onClick={() => onArchive(coupon.id, coupon.code)}>
                    {t('studio.catalogue.archive')}
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </WideRows>
      ) : null}
      {owner ? (
        <form onSubmit={submit} aria-label={t('studio.catalogue.addCoupon')}>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('studio.catalogue.code')}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              required
            />
            <NumberInput
              label={t('studio.catalogue.percent')}
              value={percentOff}
              onChange={setPercentOff}
              min={1}
              max={100}
              w={120}
            />
            <Select
              label={t('studio.catalogue.duration')}
              value={duration}
              onChange={(value) => setDuration((value as typeof duration) ?? 'once')}
              allowDeselect={false}
              data={COUPON_DURATIONS.map((value) => ({
                value,
                label: t(`studio.catalogue.durationNames.${value}`),
              }))}
            />
            {duration === 'repeating' ? (
              <NumberInput
                label={t('studio.catalogue.months')}
                value={months}
                onChange={setMonths}
                min={1}
                max={36}
                w={120}
              />
            ) : null}
            <Button type="submit" loading={add.isPending}>
              {t('studio.catalogue.addCoupon')}
            </Button>
          </Group>
        </form>
      ) : null}
      {add.isError ? <ErrorState message={t(add.error.message)} /> : null}
    </Section>
  );
}
