// The catalogue (issue point 5): the membership's plans, the challenges and courses with their prices,
// and the coupons; an owner adds, edits and archives them (a coach reads them), and the plan cards are
// previewed as a visitor will see them, with the public pages' own card.
import {
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plan } from '../../../domain/api-types.ts';
import { annualSaving, offeredPlans } from '../../../domain/plans.ts';
import { COUPON_DURATIONS, type CouponDuration } from '../../../openapi/contract-values.ts';
import type { components } from '../../../openapi/schema.d.ts';
import { PlanSummary } from '../../features/signup-modal/plan-summary.tsx';
import { studioApi, studioCall } from '../api.ts';
import { ArchiveDialog, PlanEditor, toMinor } from '../components/catalogue-editor.tsx';
import { EmptyState, ErrorState, LoadingState, OK_GREEN, PageTitle } from '../components/states.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
import { money } from '../money.ts';
import { couponsQuery, plansQuery, productsQuery, studioKeys } from '../queries.ts';
import { useStaff } from '../use-staff.ts';

type AdminPlan = components['schemas']['AdminPlan'];

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** A price as the public catalogue gives it, in the visitor's language. */
function asVisitorSees(plan: AdminPlan, language: string): Plan {
  return {
    id: plan.id,
    product: plan.productId,
    interval: plan.interval,
    interval_count: plan.intervalCount,
    amount: plan.amount,
    currency: plan.currency,
    type: plan.type,
    nickname: plan.nicknames[language] ?? plan.nicknames.en ?? null,
    trialDays: plan.trialDays,
    active: !plan.archived,
  };
}

export function CataloguePage() {
  const { t, i18n } = useTranslation();
  const staff = useStaff();
  const owner = staff.role === 'owner';
  const queryClient = useQueryClient();
  const plans = useQuery(plansQuery());
  const products = useQuery(productsQuery());
  const coupons = useQuery(couponsQuery());
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const [archiving, setArchiving] = useState<{
    kind: 'product' | 'coupon';
    id: string;
    name: string;
  } | null>(null);
  const lang = i18n.language;
  const reread = useCallback(() => {
    for (const key of [studioKeys.plans, studioKeys.products, studioKeys.coupons])
      void queryClient.invalidateQueries({ queryKey: key });
  }, [queryClient]);
  const membershipIds = new Set(
    (products.data ?? []).filter((product) => product.kind === 'subscription').map((product) => product.id),
  );
  const membership = (plans.data ?? []).filter(
    (plan) => plan.type === 'recurring' && membershipIds.has(plan.productId),
  );
  const offered = offeredPlans(
    membership.filter((plan) => !plan.archived).map((plan) => asVisitorSees(plan, lang)),
    false,
  );
  const saving = annualSaving(offered);
  const interval = (plan: AdminPlan) =>
    plan.interval
      ? t(`studio.catalogue.every.${plan.interval}`, {
          count: plan.intervalCount ?? 1,
        })
      : t('studio.catalogue.oneTime');
  const loading = plans.isPending || products.isPending;
  const failed = plans.error ?? products.error;

  return (
    <Stack>
      <PageTitle site={staff.trainerName}>{t('studio.catalogue.title')}</PageTitle>
      {!owner ? <Text size="sm">{t('studio.catalogue.readOnly')}</Text> : null}
      {loading ? <LoadingState label={t('studio.catalogue.loading')} /> : null}
      {failed ? <ErrorState message={t(failed.message)} onRetry={reread} /> : null}
      {!loading && !failed ? (
        <>
          <Section
            title={t('studio.catalogue.plans')}
            action={
              owner ? (
                <Button size="xs" onClick={() => setEditing('new')}>
                  {t('studio.catalogue.addPlan')}
                </Button>
              ) : null
            }
          >
            {membership.length === 0 ? (
              <EmptyState title={t('studio.catalogue.noPlans')} />
            ) : (
              <TableScroll label={t('studio.catalogue.plans')}>
                <Table striped fz="sm" miw={560}>
                  <caption className="studio-visually-hidden">{t('studio.catalogue.plans')}</caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('studio.catalogue.name')}</Table.Th>
                      <Table.Th scope="col">{t('studio.member.amount')}</Table.Th>
                      <Table.Th scope="col">{t('studio.catalogue.trialDays')}</Table.Th>
                      <Table.Th scope="col">{t('studio.members.status')}</Table.Th>
                      <Table.Th scope="col">{t('studio.member.actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {membership.map((plan) => (
                      <Table.Tr key={plan.id} data-testid={`studio-plan-${plan.id}`}>
                        <Table.Th scope="row" fw={500}>
                          {plan.nicknames[lang] ?? plan.nicknames.en}
                        </Table.Th>
                        <Table.Td>
                          {money(plan.amount, plan.currency, lang)} · {interval(plan)}
                        </Table.Td>
                        <Table.Td>{plan.trialDays ?? '—'}</Table.Td>
                        <Table.Td>
                          <Group gap={4}>
                            {plan.archived ? (
                              <Badge color="gray.7">{t('studio.catalogue.archived')}</Badge>
                            ) : (
                              <Badge color={OK_GREEN}>{t('studio.catalogue.offered')}</Badge>
                            )}
                            {plan.sold ? <Badge variant="outline">{t('studio.catalogue.sold')}</Badge> : null}
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          {owner && !plan.archived ? (
                            <Button
                              size="xs"
                              variant="default"
                              onClick={() => setEditing(plan)}
                              aria-label={t('studio.catalogue.editOf', {
                                name: plan.nicknames[lang] ?? plan.nicknames.en,
                              })}
                            >
                              {t('studio.catalogue.edit')}
                            </Button>
                          ) : null}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScroll>
            )}
          </Section>

          <Section title={t('studio.catalogue.preview')}>
            <Text size="sm" c="dimmed">
              {t('studio.catalogue.previewHint')}
            </Text>
            {offered.length === 0 ? (
              <EmptyState title={t('studio.catalogue.noPlans')} />
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="plan-preview">
                {offered.map((plan) => (
                  <PlanSummary
                    key={plan.id}
                    plan={plan}
                    trialOffered
                    savingPercent={saving?.planId === plan.id ? saving.percent : null}
                  />
                ))}
              </SimpleGrid>
            )}
          </Section>

          <Section title={t('studio.catalogue.products')}>
            {(products.data ?? []).filter((product) => product.kind !== 'subscription').length === 0 ? (
              <EmptyState title={t('studio.catalogue.noProducts')} />
            ) : (
              <Stack gap="xs">
                {(products.data ?? [])
                  .filter((product) => product.kind !== 'subscription')
                  .map((product) => {
                    const name = product.names[lang as 'en'] ?? product.names.en;
                    const live = product.prices.filter((price) => !price.archived);
                    return (
                      <Group key={product.id} justify="space-between" wrap="wrap">
                        <Stack gap={0}>
                          <Text fw={500}>
                            {name}{' '}
                            <Text span size="sm" c="dimmed">
                              ({t(`studio.catalogue.kinds.${product.kind}`)})
                            </Text>
                          </Text>
                          <Text size="sm">
                            {live.map((price) => money(price.amount, price.currency, lang)).join(' · ') ||
                              '—'}
                          </Text>
                        </Stack>
                        <Group gap={4}>
                          {product.archived ? (
                            <Badge color="gray.7">{t('studio.catalogue.archived')}</Badge>
                          ) : null}
                          {owner && !product.archived
                            ? live.map((price) => {
                                // Two prices of one product need two names: the button says which amount it edits.
                                const amount = money(price.amount, price.currency, lang);
                                return (
                                  <Button
                                    key={price.id}
                                    size="xs"
                                    variant="default"
                                    onClick={() => setEditing(price)}
                                    aria-label={
                                      live.length > 1
                                        ? t('studio.catalogue.editPriceAmountOf', { name, amount })
                                        : t('studio.catalogue.editPriceOf', {
                                            name,
                                          })
                                    }
                                  >
                                    {live.length > 1
                                      ? t('studio.catalogue.editPriceAmount', {
                                          amount,
                                        })
                                      : t('studio.catalogue.editPrice')}
                                  </Button>
                                );
                              })
                            : null}
                          {owner && !product.archived ? (
                            <Button
                              size="xs"
                              variant="default"
                              color="red.9"
                              onClick={() =>
                                setArchiving({
                                  kind: 'product',
                                  id: product.id,
                                  name,
                                })
                              }
                            >
                              {t('studio.catalogue.archive')}
                            </Button>
                          ) : null}
                        </Group>
                      </Group>
                    );
                  })}
              </Stack>
            )}
          </Section>

          <Coupons
            owner={owner}
            coupons={coupons}
            onArchive={(id, name) => setArchiving({ kind: 'coupon', id, name })}
            onChange={reread}
          />
        </>
      ) : null}
      {editing ? (
        <PlanEditor
          plan={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            reread();
          }}
        />
      ) : null}
      {archiving ? (
        <ArchiveDialog
          {...archiving}
          onClose={() => setArchiving(null)}
          onDone={() => {
            setArchiving(null);
            reread();
          }}
        />
      ) : null}
    </Stack>
  );
}

function Coupons({
  owner,
  coupons,
  onArchive,
  onChange,
}: {
  owner: boolean;
  coupons: ReturnType<typeof useQuery<components['schemas']['AdminCoupon'][]>>;
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
  const off = (coupon: components['schemas']['AdminCoupon']) =>
    coupon.percentOff !== null
      ? t('studio.catalogue.percentOff', { percent: coupon.percentOff })
      : money(coupon.amountOff ?? 0, coupon.currency ?? 'usd', i18n.language);
  return (
    <Section title={t('studio.catalogue.coupons')}>
      {coupons.isPending ? <LoadingState label={t('studio.loading')} /> : null}
      {coupons.isError ? <ErrorState message={t(coupons.error.message)} /> : null}
      {coupons.data?.length === 0 ? <EmptyState title={t('studio.catalogue.noCoupons')} /> : null}
      {coupons.data && coupons.data.length > 0 ? (
        <TableScroll label={t('studio.catalogue.coupons')}>
          <Table striped fz="sm" miw={480}>
            <caption className="studio-visually-hidden">{t('studio.catalogue.coupons')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('studio.catalogue.code')}</Table.Th>
                <Table.Th scope="col">{t('studio.catalogue.off')}</Table.Th>
                <Table.Th scope="col">{t('studio.catalogue.redemptions')}</Table.Th>
                <Table.Th scope="col">{t('studio.member.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
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
            </Table.Tbody>
          </Table>
        </TableScroll>
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

export { toMinor };
