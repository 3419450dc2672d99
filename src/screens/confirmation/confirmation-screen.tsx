import '@mantine/core/styles/Progress.css';
// The page a checkout returns to: a thank-you, what was bought and the next steps. The purchase is
// recorded by the payment events, which may arrive after the member does, so the page waits for the
// member's record to show it (machines/confirmation: the reads, their interval and their bound), and
// says so plainly if it does not come in time.
import { Alert, Box, Button, Container, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { formatBillingDate } from '../../../domain/billing/calendar.ts';
import { formatMoney } from '../../../domain/billing/currency.ts';
import { billingLocale } from '../../../domain/billing/locale.ts';
import { intervalLabel } from '../../../domain/plans.ts';
import {
  CONFIRMATION_MAX_ATTEMPTS,
  confirmationMachine,
} from '../../../machines/confirmation/confirmation.machine.ts';
import { useSiteSettings } from '../../features/content/site-settings.ts';
import { productsQuery } from '../../features/products/products.queries.ts';
import { DatesInUtc } from '../../features/profile/dates-in-utc.tsx';
import { TaxNote } from '../../features/profile/tax-note.tsx';
import { useFreshUser, userQuery } from '../../features/profile/user.queries.ts';
import { flowInspector } from '../../lib/inspection.ts';
import { useAuthModalControl, useSession } from '../../session/use-session.tsx';
import {
  type ConfirmationType,
  findPurchase,
  type Purchase,
  purchasablePrices,
} from './confirmation-purchase.ts';

function WhatWasBought({ purchase }: { purchase: Purchase }) {
  const { t, i18n } = useTranslation();
  const locale = billingLocale(i18n.language);
  if (purchase.kind === 'charge') {
    const { charge } = purchase;
    return (
      <Text fw={700} data-testid="purchase">
        {charge.description} · {formatMoney(charge.amount, charge.currency, locale)}
      </Text>
    );
  }
  const { subscription } = purchase;
  const label = intervalLabel(subscription.plan);
  const name = [subscription.product_name, subscription.plan.nickname].filter(Boolean).join(': ');
  return (
    <Stack gap={4} align="center" data-testid="purchase">
      <Text fw={700}>
        {name} · {formatMoney(subscription.plan.amount, subscription.plan.currency, locale)}
        {label ? ` ${t(`plans.interval.${label}`)}` : null}
      </Text>
      {subscription.status === 'trialing' && subscription.trial_end ? (
        <Text size="sm">{t('confirmation.trial')}</Text>
      ) : null}
      {subscription.next_charge ? (
        <>
          <Text size="sm" data-testid="first-charge">
            {t(
              subscription.status === 'trialing' ? 'confirmation.firstCharge' : 'profile.manage.nextCharge',
              {
                amount: formatMoney(
                  subscription.next_charge.amount,
                  subscription.next_charge.currency,
                  locale,
                ),
                date: formatBillingDate(subscription.next_charge.date, locale),
              },
            )}
          </Text>
          <TaxNote charge={subscription.next_charge} />
          <DatesInUtc />
        </>
      ) : null}
    </Stack>
  );
}

/** The page's wait as its own machine, reading the member through the query the profile shares. */
function useConfirmationWait(type: ConfirmationType, slug: string | undefined) {
  const queryClient = useQueryClient();
  // One machine for the page's life.
  const [logic] = useState(() =>
    confirmationMachine.provide({
      actors: {
        readPurchase: fromPromise(async () => {
          // Joins the read the page's own query makes as it mounts, rather than making a second one.
          const user = await queryClient.fetchQuery({ ...userQuery(), staleTime: 0 });
          // The products name the page's purchase; without them any purchase of the kind counts.
          const products = await queryClient.ensureQueryData(productsQuery()).catch(() => undefined);
          return findPurchase(user, type, purchasablePrices(products, type, slug)) !== undefined;
        }),
      },
    }),
  );
  return useMachine(logic, { inspect: flowInspector() });
}

/** The way straight to what was bought, with the library's texts: loaded once the purchase shows. */
const StartLink = lazy(() =>
  import('../../features/library/start-link.tsx').then((module) => ({ default: module.StartLink })),
);

function PurchaseStatus({ type }: { type: ConfirmationType }) {
  const { t } = useTranslation();
  const { slug } = useParams({ strict: false }) as { slug?: string };
  const { data: products } = useQuery(productsQuery());
  // The member as last read; every newer copy goes to the session.
  const { data } = useFreshUser();
  const [state, send] = useConfirmationWait(type, slug);
  const purchase = findPurchase(data, type, purchasablePrices(products, type, slug));

  if (purchase)
    return (
      <>
        <WhatWasBought purchase={purchase} />
        <Suspense fallback={null}>
          <StartLink type={type} slug={slug} />
        </Suspense>
      </>
    );
  if (state.matches('notYet') || state.matches('checkingAgain')) {
    return (
      <Alert color="orange" role="alert" title={t('confirmation.notYet.title')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('confirmation.notYet.body')}</Text>
          <Button
            size="xs"
            variant="light"
            onClick={() => send({ type: 'confirmation.checkAgain' })}
            loading={state.matches('checkingAgain')}
          >
            {t('confirmation.notYet.checkAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="xs" w="100%" role="status">
      <Text>{t('confirmation.waiting')}</Text>
      <Progress
        value={Math.max(5, (state.context.attempts / CONFIRMATION_MAX_ATTEMPTS) * 100)}
        animated
        aria-label={t('confirmation.waiting')}
      />
      {/* Where the purchase's lines go once it shows. */}
      <Stack gap="xs" align="center" mt="xs" data-testid="skeleton">
        <Skeleton height={18} width="70%" />
        <Skeleton height={14} width="50%" />
      </Stack>
    </Stack>
  );
}

/** About the height of the tallest purchase shown (a trial: name, trial, first charge, UTC note, start button). */
const PURCHASE_ROOM = 170;

export function ConfirmationScreen({ type }: { type: ConfirmationType }) {
  const { t } = useTranslation();
  const { siteName } = useSiteSettings();
  const session = useSession();
  const loginControl = useAuthModalControl('login');
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg" align="center" ta="center">
        <Text fw={700}>{siteName}</Text>
        {session.user ? (
          <>
            <Title order={1}>{t(`confirmation.${type}`)}</Title>
            {/* The purchase's lines, the wait or the alert take this room, so the steps below never move. */}
            <Box w="100%" mih={PURCHASE_ROOM}>
              <PurchaseStatus type={type} />
            </Box>
            <Stack gap={4}>
              <Title order={2} size="h4">
                {t('confirmation.nextStepsTitle')}
              </Title>
              <Text>{t(`confirmation.nextSteps.${type}`)}</Text>
            </Stack>
            <Button
              component={Link}
              to={type === 'subscription' ? '/profile/subscription' : '/'}
              variant="default"
            >
              {t(type === 'subscription' ? 'confirmation.toSubscription' : 'confirmation.continue')}
            </Button>
          </>
        ) : (
          // No member to thank: say what to do to see the purchase.
          <>
            <Title order={1}>{t('confirmation.signedOutTitle')}</Title>
            <Text>{t('confirmation.signInToSee')}</Text>
            <Button variant="light" {...loginControl}>
              {t('auth.login')}
            </Button>
          </>
        )}
      </Stack>
    </Container>
  );
}
