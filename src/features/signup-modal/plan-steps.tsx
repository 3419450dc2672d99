// Steps 2 and 3 and the already-have-the-plan screen. The cards send `plan.select`, the button
// `plans.next`; the machine decides whether that checks out, moves on or asks for a plan.
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { type MouseEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { Plan } from '../../../domain/api-types.ts';
import { alreadyPurchased, annualSaving, offeredPlans } from '../../../domain/plans.ts';
import {
  keepsHeldPlanOf,
  subscriptionOf,
  subscriptionPlansOf,
  trialOfferedOf,
} from '../../../machines/signup-modal/signup-modal.selectors.ts';
import type { upgradeMachine } from '../../../machines/upgrade/upgrade.machine.ts';
import { Busy } from '../../lib/busy.tsx';
import { messageText } from '../../text/messages.ts';
import { PlanCard, PlanCardGroup } from './plan-card.tsx';
import { useModalActor } from './signup-modal.context.ts';
import classes from './signup-modal.module.css';

function StepError() {
  const { t } = useTranslation();
  const error = useSelector(useModalActor(), (snapshot) => snapshot.context.error);
  return error ? (
    <Alert color="red" role="alert">
      {messageText(error, t)}
    </Alert>
  ) : null;
}

function PlanCards({
  plans,
  sku,
  grayPurchased,
  labelledBy,
}: {
  plans: Plan[];
  sku: string | null;
  grayPurchased: boolean;
  /** The id of the heading that names the cards' radio group. */
  labelledBy: string;
}) {
  const modal = useModalActor();
  const selected = useSelector(modal, (snapshot) => snapshot.context.selectedOrder?.plan ?? null);
  const user = useSelector(modal, (snapshot) => snapshot.context.user);
  const saving = annualSaving(plans);
  const annual = useSelector(modal, (snapshot) => subscriptionOf(snapshot).annual);
  const trial = useSelector(modal, trialOfferedOf);
  const purchased = (plan: Plan) => grayPurchased && alreadyPurchased(user, plan.id);
  // One card takes the Tab stop: the checked one, else the first that can be chosen.
  const tabStop =
    plans.find((plan) => plan.id === selected && !purchased(plan)) ?? plans.find((plan) => !purchased(plan));
  return (
    <PlanCardGroup labelledBy={labelledBy} className={classes.cards}>
      {plans.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          tabbable={plan === tabStop}
          selected={selected === plan.id}
          onSelect={() => modal.send({ type: 'plan.select', sku, plan: plan.id })}
          purchased={purchased(plan)}
          subscribed={annual && plan.interval === 'year'}
          savingPercent={saving?.planId === plan.id ? saving.percent : null}
          trialOffered={trial}
        />
      ))}
    </PlanCardGroup>
  );
}

export function ChallengeStep() {
  const { t } = useTranslation();
  const modal = useModalActor();
  const offer = useSelector(modal, (snapshot) => snapshot.context.offer);
  // A challenge and a course are sold as one-time products; step 3 offers the recurring plans.
  const plans = offeredPlans(offer.plans, true);
  const headingId = useId();
  return (
    <Stack gap="md">
      <Title order={2} id={headingId}>
        {t(offer.kind === 'course' ? 'plans.courseHeading' : 'plans.challengeHeading')}
      </Title>
      <PlanCards plans={plans} sku={offer.productId} grayPurchased labelledBy={headingId} />
      <StepError />
      <div className={classes.payBar}>
        <Button onClick={() => modal.send({ type: 'plans.next' })}>{t('plans.nextStep')}</Button>
      </div>
    </Stack>
  );
}

const MANAGE_SUBSCRIPTION_PATH = '/profile/subscription';

export function SubscriptionStep() {
  const { t } = useTranslation();
  const modal = useModalActor();
  const manageSubscription = (event: MouseEvent) => {
    event.preventDefault();
    modal.send({ type: 'plans.manageSubscription' });
  };
  const subscription = useSelector(
    modal,
    subscriptionOf,
    (a, b) => a.subscribed === b.subscribed && a.native === b.native,
  );
  const plans = useSelector(modal, subscriptionPlansOf);
  const keeping = useSelector(modal, keepsHeldPlanOf);
  const { productId, headerText, subText, buttonText } = useSelector(
    modal,
    (snapshot) => snapshot.context.offer.subscription,
  );
  const headerId = useId();
  return (
    <Stack gap="md">
      <Title order={2}>{t('checkout.secureHeading')}</Title>
      <Text fw={700} id={headerId}>
        {headerText || t('plans.subscriptionHeading')}
      </Text>
      {subText ? <Text>{subText}</Text> : null}
      <PlanCards plans={plans} sku={productId} grayPurchased={false} labelledBy={headerId} />
      {subscription.subscribed ? (
        <Text>
          {t('checkout.manageSubscription')}{' '}
          <Anchor href={MANAGE_SUBSCRIPTION_PATH} onClick={manageSubscription}>
            {t('checkout.manageLink')}
          </Anchor>
        </Text>
      ) : null}
      {keeping ? <Text>{t('checkout.keepNote')}</Text> : null}
      <StepError />
      <div className={classes.payBar}>
        <Button onClick={() => modal.send({ type: 'plans.next' })} data-testid="plans-next">
          {subscription.native
            ? t('checkout.continue')
            : keeping
              ? t('checkout.keepPlan')
              : buttonText || t('checkout.checkout')}
        </Button>
      </div>
    </Stack>
  );
}

function UpgradeChoice({ upgrade }: { upgrade: ActorRefFrom<typeof upgradeMachine> }) {
  const { t } = useTranslation();
  const offering = useSelector(upgrade, (snapshot) => snapshot.hasTag('upgrade:offer'));
  return (
    <Stack gap="md">
      <Title order={2}>{t('upgrade.heading')}</Title>
      {offering ? (
        <>
          <Text>{t('upgrade.offer')}</Text>
          <Button onClick={() => upgrade.send({ type: 'upgrade.accept' })}>
            {t('upgrade.wantToUpgrade')}
          </Button>
          <Button variant="default" onClick={() => upgrade.send({ type: 'upgrade.decline' })}>
            {t('upgrade.decline')}
          </Button>
        </>
      ) : (
        <Button onClick={() => upgrade.send({ type: 'upgrade.continue' })}>{t('upgrade.continue')}</Button>
      )}
    </Stack>
  );
}

export function AlreadyHavePlanScreen() {
  const { t } = useTranslation();
  const upgrade = useSelector(useModalActor(), (snapshot) => snapshot.children.upgrade);
  return upgrade ? <UpgradeChoice upgrade={upgrade} /> : <Busy label={t('content.loading')} />;
}

export function CheckingOut() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md">
      <Busy label={t('checkout.redirecting')} size="md" />
    </Stack>
  );
}
