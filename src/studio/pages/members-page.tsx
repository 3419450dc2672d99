// The members (issue point 4): found by part of a name or an email, filtered by status, plan and a
// failing payment, newest first, a page at a time ("More members", keyset paging on the server). The
// filters live in the address, so a search can be shared and survives going back.
import { Badge, Button, Checkbox, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { studioApi, studioCall } from '../api.ts';
import { EmptyState, ErrorState, LoadingState, PageTitle } from '../components/states.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
import { StudioLink, useStudioNavigate } from '../navigation.tsx';
import { type MemberFilters, plansQuery, studioKeys } from '../queries.ts';
import { useStaff } from '../use-staff.ts';

const STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'none'] as const;
const PAGE_SIZE = 50;

export function validateMemberSearch(search: Record<string, unknown>): MemberFilters {
  const status = STATUSES.find((value) => value === search.status);
  return {
    ...(typeof search.q === 'string' && search.q.trim() ? { q: search.q.trim().slice(0, 254) } : {}),
    ...(status ? { status } : {}),
    ...(typeof search.plan === 'string' && search.plan ? { plan: search.plan } : {}),
    ...(search.failing === true || search.failing === 'true' ? { failing: true } : {}),
  };
}

export function MembersPage({ search }: { search: MemberFilters }) {
  const { t, i18n } = useTranslation();
  const staff = useStaff();
  const navigate = useStudioNavigate();
  const [q, setQ] = useState(search.q ?? '');
  const plans = useQuery(plansQuery());
  const members = useInfiniteQuery({
    queryKey: studioKeys.members(search),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      studioCall(
        studioApi.GET('/api/studio/members', {
          params: {
            query: {
              ...(search.q ? { q: search.q } : {}),
              ...(search.status ? { status: search.status } : {}),
              ...(search.plan ? { plan: search.plan } : {}),
              ...(search.failing ? { failing: 'true' as const } : {}),
              ...(pageParam ? { cursor: pageParam } : {}),
              limit: String(PAGE_SIZE),
            },
          },
        }),
      ),
    getNextPageParam: (page) => page.nextCursor,
    retry: false,
  });
  const filter = (next: MemberFilters) =>
    void navigate('/studio/members', {
      search: { ...search, ...next } as Record<string, string | boolean | undefined>,
      replace: true,
    });
  const find = (event: FormEvent) => {
    event.preventDefault();
    filter({ q: q.trim() || undefined });
  };
  const rows = members.data?.pages.flatMap((page) => page.members) ?? [];
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const recurring = (plans.data ?? []).filter((plan) => plan.type === 'recurring');
  return (
    <Stack>
      <PageTitle site={staff.trainerName}>{t('studio.members.title')}</PageTitle>
      <search>
        <form onSubmit={find} aria-label={t('studio.members.search')}>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('studio.members.search')}
              placeholder={t('studio.members.searchHint')}
              value={q}
              onChange={(event) => setQ(event.currentTarget.value)}
              style={{ flex: '1 1 220px' }}
            />
            <Button type="submit">{t('studio.members.find')}</Button>
          </Group>
        </form>
      </search>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('studio.members.status')}
          value={search.status ?? ''}
          onChange={(value) => filter({ status: (value || undefined) as MemberFilters['status'] })}
          data={[
            { value: '', label: t('studio.members.anyStatus') },
            ...STATUSES.map((status) => ({ value: status, label: t(`studio.status.${status}`) })),
          ]}
          allowDeselect={false}
        />
        <Select
          label={t('studio.members.plan')}
          value={search.plan ?? ''}
          onChange={(value) => filter({ plan: value || undefined })}
          data={[
            { value: '', label: t('studio.members.anyPlan') },
            ...recurring.map((plan) => ({
              value: plan.id,
              label: `${plan.productName} · ${plan.nicknames[i18n.language] ?? plan.nicknames.en ?? plan.id}`,
            })),
          ]}
          allowDeselect={false}
        />
        <Checkbox
          label={t('studio.members.failingOnly')}
          checked={search.failing === true}
          onChange={(event) => filter({ failing: event.currentTarget.checked || undefined })}
          mb={8}
        />
      </Group>
      {members.isPending ? <LoadingState label={t('studio.members.loading')} /> : null}
      {members.isError ? (
        <ErrorState message={t(members.error.message)} onRetry={() => void members.refetch()} />
      ) : null}
      {members.isSuccess && rows.length === 0 ? (
        <EmptyState title={t('studio.members.empty')}>{t('studio.members.emptyHint')}</EmptyState>
      ) : null}
      {rows.length > 0 ? (
        <TableScroll label={t('studio.members.title')}>
          <Table striped highlightOnHover miw={640}>
            <caption className="studio-visually-hidden">{t('studio.members.title')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('studio.members.name')}</Table.Th>
                <Table.Th scope="col">{t('studio.members.email')}</Table.Th>
                <Table.Th scope="col">{t('studio.members.status')}</Table.Th>
                <Table.Th scope="col">{t('studio.members.plan')}</Table.Th>
                <Table.Th scope="col">{t('studio.members.joined')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((member) => (
                <Table.Tr key={member.id}>
                  <Table.Th scope="row" fw={500}>
                    <StudioLink to={`/studio/members/${member.id}`}>{member.name || member.email}</StudioLink>
                  </Table.Th>
                  <Table.Td>{member.email}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm">{t(`studio.status.${member.status}`)}</Text>
                      {member.failing ? (
                        <Badge color="red.9" size="sm">
                          {t('studio.members.failing')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>{member.planName ?? '—'}</Table.Td>
                  <Table.Td>{date.format(new Date(member.createdAt))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      ) : null}
      {members.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void members.fetchNextPage()}
          loading={members.isFetchingNextPage}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('studio.members.more')}
        </Button>
      ) : null}
      {members.isFetchNextPageError ? (
        <ErrorState message={t(members.error?.message ?? 'errors.unexpected')} />
      ) : null}
    </Stack>
  );
}
