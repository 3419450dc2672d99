import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
// What Manage My Subscription does itself (decision 162): pause for the months the trainer allows,
// each length stated with the charge that resumes it before the member confirms; resume early; keep a
// plan set to end or change. Cancelling stays in the payment provider's portal, which asks the reason
// and makes the trainer's offer.
import { Alert, Button, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../domain/api-types.ts';
import { formatBillingDate } from '../../../domain/billing/calendar.ts';
import { formatMoney } from '../../../domain/billing/currency.ts';
import { billingLocale } from '../../../domain/billing/locale.ts';
import { periodEnd } from '../../../domain/billing/period-end.ts';
import type { ApiResult } from '../../api/client.ts';
import { messageText } from '../../text/messages.ts';
import { useKeep, usePause, usePauseOptions, useResume } from './membership.queries.ts';
import { TaxNote } from './tax-note.tsx';

type Subscription = User['customer']['subscriptions']['data'][number];

function useDates() {
  const { i18n } = useTranslation();
  const locale = billingLocale(i18n.language);
  return {
    date: (iso: string) => formatBillingDate(iso, locale),
    money: (amount: number, currency: string) => formatMoney(amount, currency, locale),
  };
}

/** The server's refusal, in the page's language. */
function Refusal({ result }: { result: ApiResult<unknown> | undefined }) {
  const { t } = useTranslation();
  if (!result || result.ok) return null;
  return (
    <Alert color="red" role="alert">
      {messageText(result.message, t)}
    </Alert>
  );
}

function ResumeNow({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const resume = useResume();
  const underWay = subscription.status === 'paused';
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{t(underWay ? 'profile.pause.resumeNote' : 'profile.pause.callOffNote')}</Text>
      <Refusal result={resume.data} />
      <Button variant="light" onClick={() => resume.mutate()} loading={resume.isPending}>
        {t(underWay ? 'profile.pause.resume' : 'profile.pause.callOff')}
      </Button>
    </Stack>
  );
}

function KeepPlan({ ends }: { ends: boolean }) {
  const { t } = useTranslation();
  const keep = useKeep();
  return (
    <Stack gap="xs" align="flex-start">
      <Refusal result={keep.data} />
      <Button onClick={() => keep.mutate()} loading={keep.isPending}>
        {t(ends ? 'profile.manage.keepMembership' : 'profile.manage.keepPlan')}
      </Button>
    </Stack>
  );
}

function PauseChooser() {
  const { t } = useTranslation();
  const { date, money } = useDates();
  const options = usePauseOptions(true);
  const pause = usePause();
  const [months, setMonths] = useState<string | null>(null);
  const offered = options.data?.options ?? [];
  if (!options.data) return null;
  if (offered.length === 0) {
    return options.data.allowed.length > 0 ? <Text size="sm">{t('profile.pause.unavailable')}</Text> : null;
  }
  const chosen = offered.find((o) => String(o.months) === months);
  return (
    <Stack gap="sm" align="flex-start" data-testid="pause-chooser">
      <Title order={2} size="h4">
        {t('profile.pause.title')}
      </Title>
      <Radio.Group value={months} onChange={setMonths} label={t('profile.pause.choose')}>
        <Stack gap="xs" mt="xs">
          {offered.map((o) => (
            <Radio
              key={o.months}
              value={String(o.months)}
              label={t('profile.pause.option', { count: o.months, date: date(o.resumes_at) })}
            />
          ))}
        </Stack>
      </Radio.Group>
      {chosen ? (
        <Stack gap="xs" align="flex-start" data-testid="pause-quote">
          <Text>
            {t('profile.pause.quote', { from: date(chosen.starts_at), until: date(chosen.resumes_at) })}
          </Text>
          <Text fw={700}>
            {t('profile.manage.nextCharge', {
              amount: money(chosen.next_charge.amount, chosen.next_charge.currency),
              date: date(chosen.next_charge.date),
            })}
          </Text>
          <TaxNote charge={chosen.next_charge} testId="pause-charge-tax" />
          <Refusal result={pause.data} />
          <Button
            onClick={() => pause.mutate({ months: chosen.months, promise: chosen.promise })}
            loading={pause.isPending}
          >
            {t('profile.pause.confirm', { count: chosen.months })}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The change the subscription allows now: resume a pause, keep what is set to end, or pause. */
export function MembershipActions({ subscription }: { subscription: Subscription }) {
  if (subscription.pause) return <ResumeNow subscription={subscription} />;
  const end = periodEnd({
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    scheduled: subscription.scheduled_plan,
  });
  if (end.kind !== 'renews') return <KeepPlan ends={end.kind === 'ends'} />;
  return subscription.status === 'active' ? <PauseChooser /> : null;
}

/** The pause in words: planned, or under way, and when it resumes. */
export function PauseState({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const { date } = useDates();
  const { pause } = subscription;
  if (!pause) return null;
  const dates = { from: date(pause.starts_at), until: date(pause.resumes_at) };
  return (
    <Text data-testid="pause-state">
      {t(subscription.status === 'paused' ? 'profile.pause.underWay' : 'profile.pause.planned', dates)}
    </Text>
  );
}
