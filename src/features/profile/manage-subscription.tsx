// Manage My Subscription. A pause, its early end and keeping a plan set to end are done here
// (membership-actions.tsx, decision 162); cancelling and the card happen in the payment provider's
// billing portal (the sandbox portal by default), which returns here, and the fresh user read on
// return shows what changed.
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../domain/api-types.ts';
import { formatBillingDate } from '../../../domain/billing/calendar.ts';
import { formatMoney } from '../../../domain/billing/currency.ts';
import { billingLocale } from '../../../domain/billing/locale.ts';
import { periodEnd } from '../../../domain/billing/period-end.ts';
import { intervalLabel, isSubscribed } from '../../../domain/plans.ts';
import { useAuthModalControl } from '../../session/use-session.tsx';
import { messageText } from '../../text/messages.ts';
import { TextSkeleton } from '../skeletons/skeletons.tsx';
import { DatesInUtc } from './dates-in-utc.tsx';
import { MembershipActions, PauseState } from './membership-actions.tsx';
import { useOpenBillingPortal } from './profile.mutations.ts';
import { TaxNote } from './tax-note.tsx';
import { useFreshUser } from './user.queries.ts';

type Subscription = User['customer']['subscriptions']['data'][number];

/** A declined charge that the member can still fix by updating the card. */
const NEEDS_NEW_CARD: ReadonlySet<Subscription['status']> = new Set(['past_due', 'unpaid']);

/** What the period's end brings, by the rule every surface follows. */
const periodEndOf = (subscription: Subscription) =>
  periodEnd({ cancelAtPeriodEnd: subscription.cancel_at_period_end, scheduled: subscription.scheduled_plan });

function SubscriptionSummary({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation();
  const { plan, next_charge: next } = subscription;
  const label = intervalLabel(plan);
  const locale = billingLocale(i18n.language);
  const date = (iso: string) => formatBillingDate(iso, locale);
  const end = periodEndOf(subscription);
  // A pause moves the renewal: the pause's own line and the next charge say when.
  const when = subscription.pause
    ? null
    : end.kind === 'ends'
      ? t('profile.manage.endsOn', { date: date(subscription.current_period_end) })
      : subscription.status === 'trialing' && subscription.trial_end
        ? t('profile.manage.trialEndsOn', { date: date(subscription.trial_end) })
        : subscription.status === 'active'
          ? t('profile.manage.renewsOn', { date: date(subscription.current_period_end) })
          : null;
  return (
    <Stack gap={4} data-testid="current-subscription">
      <Text fw={700}>
        {subscription.product_name ?? plan.nickname}
        {plan.nickname && subscription.product_name ? `: ${plan.nickname}` : null}
      </Text>
      <Text>
        {formatMoney(plan.amount, plan.currency, locale)}
        {label ? ` ${t(`plans.interval.${label}`)}` : null} ·{' '}
        {t(`profile.manage.status.${subscription.status}`)}
      </Text>
      {when ? <Text>{when}</Text> : null}
      <PauseState subscription={subscription} />
      {next ? (
        <Text data-testid="next-charge">
          {t('profile.manage.nextCharge', {
            amount: formatMoney(next.amount, next.currency, locale),
            date: date(next.date),
          })}
        </Text>
      ) : null}
      {next ? <TaxNote charge={next} /> : null}
      {end.kind === 'changes' ? (
        <Text>
          {t('profile.manage.changesTo', {
            plan: end.to.nickname ?? '',
            date: date(subscription.current_period_end),
          })}
        </Text>
      ) : null}
      {subscription.payment_method ? (
        <Text size="sm">{t('profile.manage.paidWith', { card: subscription.payment_method })}</Text>
      ) : null}
      <DatesInUtc />
    </Stack>
  );
}

function PaymentFailedNotice({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useTranslation();
  const retry = subscription.next_payment_attempt;
  const locale = billingLocale(i18n.language);
  // The invoice as it was issued, tax and all, whatever the member's country is now (decision 173).
  const due = subscription.amount_due;
  return (
    <Alert color="red" role="alert" title={t('profile.manage.pastDue.title')} data-testid="past-due">
      <Stack gap={4}>
        <Text size="sm">
          {retry
            ? t('profile.manage.pastDue.retry', {
                date: formatBillingDate(retry, locale),
              })
            : t('profile.manage.pastDue.lastAttempt')}
        </Text>
        {due ? (
          <Text size="sm" fw={700} data-testid="amount-due">
            {t('profile.manage.pastDue.amount', { amount: formatMoney(due.amount, due.currency, locale) })}
          </Text>
        ) : null}
        {due ? <TaxNote charge={due} testId="amount-due-tax" /> : null}
        <Text size="sm">{t('profile.manage.pastDue.accessPaused')}</Text>
      </Stack>
    </Alert>
  );
}

export function ManageSubscription() {
  const { t, i18n } = useTranslation();
  const signupControl = useAuthModalControl('signup');
  const { data: user, error, isPending } = useFreshUser();
  const portal = useOpenBillingPortal();

  if (isPending) return <TextSkeleton label={t('profile.loading')} lines={4} height={20} />;
  if (error) {
    return (
      <Alert color="red" role="alert">
        {t('profile.loadError', { message: messageText(error.message, t) })}
      </Alert>
    );
  }

  const subscription = user.customer.subscriptions.data[0];
  const failed = portal.data && !portal.data.ok ? portal.data.message : undefined;
  const portalButton = (label: string) => (
    <>
      {failed ? (
        <Alert color="red" role="alert">
          {messageText(failed, t)}
        </Alert>
      ) : null}
      <Button onClick={() => portal.mutate()} loading={portal.isPending || (portal.data?.ok ?? false)}>
        {label}
      </Button>
    </>
  );

  if (subscription && NEEDS_NEW_CARD.has(subscription.status)) {
    return (
      <Stack gap="md" align="flex-start">
        <SubscriptionSummary subscription={subscription} />
        <PaymentFailedNotice subscription={subscription} />
        <Text>{t('profile.manage.redirectNotice')}</Text>
        {portalButton(t('profile.manage.pastDue.fixCard'))}
      </Stack>
    );
  }
  // A paused membership is still the member's: it resumes on its own (decision 152).
  if (subscription?.status !== 'paused' && !isSubscribed(user, new Date())) {
    return (
      <Stack gap="md" align="flex-start">
        {subscription ? <SubscriptionSummary subscription={subscription} /> : null}
        <Text>{t('profile.manage.none')}</Text>
        <Anchor component="button" type="button" {...signupControl}>
          {t('profile.manage.choosePlan')}
        </Anchor>
      </Stack>
    );
  }

  if (!subscription) {
    // A native subscription is not billed through the payment provider, so it has no portal.
    const { subscription_plan_type, endPlan_date } = user.profile;
    return (
      <Stack gap="sm" align="flex-start">
        <Text fw={700}>{t('profile.manage.native', { plan: subscription_plan_type ?? '' })}</Text>
        {endPlan_date ? (
          <>
            <Text>
              {t('profile.manage.activeUntil', {
                date: formatBillingDate(endPlan_date, billingLocale(i18n.language)),
              })}
            </Text>
            <DatesInUtc />
          </>
        ) : null}
      </Stack>
    );
  }

  // What the member scheduled can be undone here, as in the portal (decision 133).
  const end = periodEndOf(subscription);
  const undo =
    end.kind === 'ends'
      ? t('profile.manage.renewHint', {
          date: formatBillingDate(subscription.current_period_end, billingLocale(i18n.language)),
        })
      : end.kind === 'changes'
        ? t('profile.manage.keepHint')
        : null;
  return (
    <Stack gap="md" align="flex-start">
      <SubscriptionSummary subscription={subscription} />
      {undo ? <Text>{undo}</Text> : null}
      <MembershipActions subscription={subscription} />
      <Text>{t('profile.manage.redirectNotice')}</Text>
      {portalButton(t('profile.manage.openPortal'))}
    </Stack>
  );
}
