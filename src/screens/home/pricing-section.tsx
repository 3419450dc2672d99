// The home page's prices for anyone, signed in or not: the membership's plans as the modal draws
// them, and the challenges and courses apart, linking to their pages. Choosing a plan is sent to the
// address machine, which puts it in the address (`?plan=`) and opens the signup modal, which starts
// with it selected (decision 114). This module and the plan cards' texts load after the first paint (decision 115).
import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../domain/billing/currency.ts';
import { billingLocale } from '../../../domain/billing/locale.ts';
import {
  annualPlanOf,
  annualSaving,
  currentPlanId,
  intervalLabel,
  isSubscribed,
  offeredPlans,
  trialOffered,
  upgradeOffered,
} from '../../../domain/plans.ts';
import { useSiteSettings } from '../../features/content/site-settings.ts';
import { signupModalTexts, useLazyTexts } from '../../features/lazy-texts/lazy-texts.ts';
// With the shell's styles (features/products), so Home's rendered prices wait for no stylesheet of their own.
import classes from '../../features/products/pricing-cards.module.css';
import { type OneTimeProduct, productsQuery } from '../../features/products/products.queries.ts';
import { PlanSummary } from '../../features/signup-modal/plan-summary.tsx';
import { Busy } from '../../lib/busy.tsx';
import { useSession } from '../../session/use-session.tsx';
import { LandingSections } from './landing-sections.tsx';

/**
 * The plan cards' texts (plans.*) and this section's (pricing.*) travel with the modal's. Already
 * loaded (a server render, or a page hydrating one), the cards draw on the first render.
 */
const useCardTexts = () => useLazyTexts(signupModalTexts);

function OneTimeProducts({ products, kind }: { products: OneTimeProduct[]; kind: 'challenge' | 'course' }) {
  const { t, i18n } = useTranslation();
  return products.map((product) => {
    const plans = offeredPlans(product.plans, true);
    const cheapest = plans[plans.length - 1];
    return (
      <Group
        key={product.id}
        justify="space-between"
        wrap="wrap"
        gap="xs"
        data-testid={`one-time-${product.slug}`}
      >
        <Stack gap={0}>
          <Text fw={700}>{product.name}</Text>
          {cheapest ? (
            <Text size="sm">
              {t(plans.length > 1 ? 'pricing.from' : 'pricing.price', {
                price: formatMoney(cheapest.amount, cheapest.currency, billingLocale(i18n.language)),
              })}{' '}
              · {t('plans.oneTime')}
            </Text>
          ) : null}
        </Stack>
        <Button component={Link} to={`/${kind}/${product.slug}`} variant="light">
          {t(kind === 'challenge' ? 'pricing.seeChallenge' : 'pricing.seeCourse')}
        </Button>
      </Group>
    );
  });
}

function Pricing() {
  const { t } = useTranslation();
  const textsReady = useCardTexts();
  const { settings } = useSiteSettings();
  const { user, choosePlan, prepareAuthModal } = useSession();
  const products = useQuery(productsQuery());
  // The cards are drawn in a transition, in short slices, so they never hold the page up: a visitor
  // can scroll and tap while they render.
  const catalogue = useDeferredValue(textsReady ? products.data : undefined);
  const home = settings?.home;
  const heading = home?.pricingHeading || t('home.pricingHeading');
  const subText = home?.pricingSubText || t('home.pricingSubText');

  let body: ReactNode;
  if (products.isError) {
    body = <Alert color="red">{t('home.pricingUnavailable')}</Alert>;
  } else if (!catalogue) {
    body = <Busy label={t('home.pricingLoading')} />;
  } else {
    const plans = offeredPlans(catalogue.subscriptions[0]?.plans ?? [], false);
    const now = new Date();
    const saving = annualSaving(plans);
    const held = currentPlanId(user, plans, now);
    const subscribed = isSubscribed(user, now);
    const upgradeTo = upgradeOffered(user, plans, now) ? annualPlanOf(plans) : null;
    const trial = trialOffered(user);
    const { challenges, courses } = catalogue;
    body = (
      <>
        <div className={classes.cards} data-identity>
          {plans.map((plan) => {
            const action = !subscribed
              ? t('pricing.choose', { plan: plan.nickname || plan.id })
              : upgradeTo?.id === plan.id
                ? t('pricing.upgrade', { plan: plan.nickname || plan.id })
                : null;
            return (
              <Stack key={plan.id} gap="xs" className={classes.plan} data-testid={`pricing-plan-${plan.id}`}>
                <PlanSummary
                  plan={plan}
                  subscribed={plan.id === held}
                  savingPercent={saving?.planId === plan.id ? saving.percent : null}
                  trialOffered={trial}
                />
                {action ? (
                  <Button
                    // Named by the plan's term, as a test finds it whatever the trainer calls the plan.
                    data-testid={`choose-plan-${intervalLabel(plan) ?? plan.id}`}
                    onPointerDown={prepareAuthModal}
                    onFocus={prepareAuthModal}
                    // The plan rides the address: through the modal, the emailed link and a later login.
                    onClick={() => choosePlan(plan.id)}
                  >
                    {action}
                  </Button>
                ) : null}
              </Stack>
            );
          })}
        </div>
        {challenges.length + courses.length > 0 ? (
          <Stack gap="sm">
            <Title order={3}>{t('pricing.oneTimeHeading')}</Title>
            <OneTimeProducts products={challenges} kind="challenge" />
            <OneTimeProducts products={courses} kind="course" />
          </Stack>
        ) : null}
      </>
    );
  }

  return (
    <Stack component="section" aria-labelledby="pricing-heading" gap="md" w="100%">
      <Title order={2} id="pricing-heading">
        {heading}
      </Title>
      <Text>{subText}</Text>
      {body}
    </Stack>
  );
}

/** Home below its hero: the prices first, on a desktop's first screen, then the landing page's sections. */
export default function PricingSection() {
  return (
    <>
      <Container size="md" pb="xl">
        <Pricing />
      </Container>
      <LandingSections />
    </>
  );
}
