// A member's page (issue point 4): their subscriptions (cancel now or at the period's end), charges
// (refund), what they can open and why, grants (add, revoke), progress, the emails sent to them and
// the audit of changes to them, each part in its file in member/. What a role may not do is not
// offered (the server refuses it too).
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../openapi/schema.d.ts';
import { CancelDialog } from '../components/cancel-dialog.tsx';
import { RefundDialog } from '../components/refund-dialog.tsx';
import { EmptyState, ErrorState, LoadingState, OK_GREEN, PageTitle } from '../components/states.tsx';
import { StudioLink } from '../navigation.tsx';
import { memberQuery, studioKeys } from '../queries.ts';
import { useStaff } from '../use-staff.ts';
import { AccessSection } from './member/access-section.tsx';
import { AuditSection } from './member/audit-section.tsx';
import { ChargesSection } from './member/charges-section.tsx';
import { EmailsSection } from './member/emails-section.tsx';
import { GrantsSection } from './member/grants-section.tsx';
import { ProgressSection } from './member/progress-section.tsx';
import { SubscriptionsSection } from './member/subscriptions-section.tsx';

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

function MemberDetails({ member, owner, site }: { member: Member; owner: boolean; site: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [refunding, setRefunding] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<{ id: string; at: 'now' | 'period_end' } | null>(null);
  const lang = i18n.language;
  const day = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
  const reread = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: studioKeys.member(member.id) });
    void queryClient.invalidateQueries({ queryKey: ['studio', 'members'] });
    void queryClient.invalidateQueries({ queryKey: ['studio', 'metrics'] });
  }, [queryClient, member.id]);
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

      <SubscriptionsSection member={member} owner={owner} onCancel={setCancelling} />
      <ChargesSection member={member} owner={owner} onRefund={setRefunding} />
      <AccessSection member={member} />
      <GrantsSection member={member} onChange={reread} />
      <ProgressSection member={member} />
      <EmailsSection member={member} />
      <AuditSection member={member} />

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
