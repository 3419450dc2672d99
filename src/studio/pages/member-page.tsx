// A member's page (issue point 4): their subscriptions (cancel now or at the period's end), charges
// (refund), what they can open and why, grants (add, revoke), progress, the emails sent to them and
// the audit of changes to them. What a role may not do is not offered (the server refuses it too).
import { Badge, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../openapi/schema.d.ts';
import { studioApi, studioCall } from '../api.ts';
import { CancelDialog } from '../components/cancel-dialog.tsx';
import { DateField } from '../components/date-field.tsx';
import { RefundDialog } from '../components/refund-dialog.tsx';
import { EmptyState, ErrorState, LoadingState, OK_GREEN, PageTitle } from '../components/states.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
import { money } from '../money.ts';
import { StudioLink } from '../navigation.tsx';
import { memberQuery, productsQuery, studioKeys } from '../queries.ts';
import { useStaff } from '../use-staff.ts';

type Member = components['schemas']['StudioMember'];

export function MemberPage({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const member = useQuery(memberQuery(memberId));
  return (
    <Stack>
      <StudioLink to="/studio/members">{t('studio.member.back')}</StudioLink>
      {member.isPending ? <LoadingState label={t('studio.member.loading')} /> : null}
      {member.isError ? (
        member.error.message && (member.error as { status?: number }).status === 404 ? (
          <EmptyState title={t('studio.member.notFound')} />
        ) : (
          <ErrorState message={t(member.error.message)} onRetry={() => void member.refetch()} />
        )
      ) : null}
      {member.data ? (
        <MemberDetails member={member.data} owner={staff.role === 'owner'} site={staff.trainerName} />
      ) : null}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Rows({ caption, header, children }: { caption: string; header: string[]; children: ReactNode }) {
  return (
    <TableScroll label={caption}>
      <Table striped miw={header.length * 120} fz="sm">
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
    </TableScroll>
  );
}

function MemberDetails({ member, owner, site }: { member: Member; owner: boolean; site: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [refunding, setRefunding] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<{ id: string; at: 'now' | 'period_end' } | null>(null);
  const lang = i18n.language;
  const day = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
  const moment = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const when = (value: string | null) => (value ? moment.format(new Date(value)) : '—');
  const reread = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: studioKeys.member(member.id) });
    void queryClient.invalidateQueries({ queryKey: ['studio', 'members'] });
    void queryClient.invalidateQueries({ queryKey: ['studio', 'metrics'] });
  }, [queryClient, member.id]);
  const live = (status: string) => status !== 'canceled';
  return (
    <Stack>
      <PageTitle site={site}>{member.name || member.email}</PageTitle>
      <Group gap="xs">
        <Text>{member.email}</Text>
        <Badge color={member.verified ? OK_GREEN : 'gray.7'}>
          {t(member.verified ? 'studio.member.verified' : 'studio.member.notVerified')}
        </Badge>
        <Text size="sm" c="dimmed">
          {t('studio.member.joined', { date: day.format(new Date(member.createdAt)) })}
        </Text>
      </Group>

      <Section title={t('studio.member.subscriptions')}>
        {member.subscriptions.length === 0 ? (
          <EmptyState title={t('studio.member.noSubscriptions')} />
        ) : (
          <Rows
            caption={t('studio.member.subscriptions')}
            header={[
              t('studio.members.plan'),
              t('studio.member.amount'),
              t('studio.members.status'),
              t('studio.member.periodEnd'),
              t('studio.member.actions'),
            ]}
          >
            {member.subscriptions.map((subscription) => (
              <Table.Tr key={subscription.id}>
                <Table.Th scope="row" fw={500}>
                  {subscription.plan}
                </Table.Th>
                <Table.Td>{money(subscription.amount, subscription.currency, lang)}</Table.Td>
                <Table.Td>
                  {t(`studio.status.${subscription.status}`)}
                  {subscription.cancelAtPeriodEnd ? ` · ${t('studio.member.endsAtPeriodEnd')}` : ''}
                </Table.Td>
                <Table.Td>{when(subscription.currentPeriodEnd)}</Table.Td>
                <Table.Td>
                  {owner && live(subscription.status) ? (
                    <Group gap={4} wrap="nowrap">
                      {!subscription.cancelAtPeriodEnd ? (
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => setCancelling({ id: subscription.id, at: 'period_end' })}
                        >
                          {t('studio.member.cancelPeriodEnd')}
                        </Button>
                      ) : null}
                      <Button
                        size="xs"
                        variant="default"
                        color="red.9"
                        onClick={() => setCancelling({ id: subscription.id, at: 'now' })}
                      >
                        {t('studio.member.cancelNow')}
                      </Button>
                    </Group>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Rows>
        )}
      </Section>

      <Section title={t('studio.member.charges')}>
        {member.charges.length === 0 ? (
          <EmptyState title={t('studio.member.noCharges')} />
        ) : (
          <Rows
            caption={t('studio.member.charges')}
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
                      onClick={() => setRefunding(charge.id)}
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
          </Rows>
        )}
      </Section>

      <Section title={t('studio.member.access')}>
        {member.access.length === 0 ? (
          <EmptyState title={t('studio.member.noAccess')} />
        ) : (
          <Rows
            caption={t('studio.member.access')}
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
                  {item.open
                    ? t('studio.member.openYes')
                    : t(`studio.member.reasons.${item.reason ?? 'notHeld'}`)}
                </Table.Td>
                <Table.Td>{item.via ? t(`studio.member.viaKinds.${item.via}`) : '—'}</Table.Td>
                <Table.Td>{item.until ? when(item.until) : t('studio.member.noEnd')}</Table.Td>
              </Table.Tr>
            ))}
          </Rows>
        )}
      </Section>

      <Grants member={member} onChange={reread} />

      <Section title={t('studio.member.progress')}>
        {member.progress.length === 0 ? (
          <EmptyState title={t('studio.member.noProgress')} />
        ) : (
          <Rows
            caption={t('studio.member.progress')}
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
          </Rows>
        )}
      </Section>

      <Section title={t('studio.member.emails')}>
        {member.emails.length === 0 ? (
          <EmptyState title={t('studio.member.noEmails')} />
        ) : (
          <Rows
            caption={t('studio.member.emails')}
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
          </Rows>
        )}
      </Section>

      <Section title={t('studio.member.audit')}>
        {member.audit.length === 0 ? (
          <EmptyState title={t('studio.member.noAudit')} />
        ) : (
          <Rows
            caption={t('studio.member.audit')}
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
          </Rows>
        )}
      </Section>

      {refunding ? (
        <RefundDialog chargeID={refunding} onClose={() => setRefunding(null)} onRefunded={reread} />
      ) : null}
      {cancelling ? (
        <CancelDialog
          subscriptionID={cancelling.id}
          at={cancelling.at}
          onClose={() => setCancelling(null)}
          onCancelled={reread}
        />
      ) : null}
    </Stack>
  );
}

function Grants({ member, onChange }: { member: Member; onChange: () => void }) {
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
        <Rows
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
        </Rows>
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
