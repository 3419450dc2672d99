// The page of a challenge or a course (the same screen), with the texts of its product. The signup
// modal takes over from its button; this page only presents the product.
import {
  Alert,
  Badge,
  Box,
  Button,
  Container,
  Group,
  List,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../domain/billing/currency.ts';
import { billingLocale } from '../../../domain/billing/locale.ts';
import { offeredPlans } from '../../../domain/plans.ts';
import { useSiteSettings } from '../../features/content/site-settings.ts';
import { useActiveChallenge } from '../../features/products/route-state.ts';
import { useAuthModalControl } from '../../session/use-session.tsx';
import classes from './challenge-screen.module.css';
import { ProductSampleSection } from './product-sample.tsx';

// The frame's size in CSS pixels at its widest; the stylesheet holds its 4:3 shape.
const FRAME = { width: 800, height: 600 };

export function ChallengeScreen() {
  const { t, i18n } = useTranslation();
  const active = useActiveChallenge();
  const { siteName } = useSiteSettings();
  const signupControl = useAuthModalControl('signup');
  const product = active?.product;
  const pending = active?.status === 'pending';
  const missing = active?.status === 'error' || (active?.status === 'success' && !product);
  // The catalogue's own plans and amounts, as Home and the modal show them: the cheapest last.
  const plans = product ? offeredPlans(product.plans, true) : [];
  const cheapest = plans[plans.length - 1];
  const money = (amount: number, currency: string) =>
    formatMoney(amount, currency, billingLocale(i18n.language));

  return (
    <>
      <Box component="section" className={classes.hero}>
        <Container size="lg">
          <div className={classes.layout}>
            <Stack gap="md" align="flex-start" className={classes.offer}>
              <Group gap="xs">
                <Badge variant="filled" size="lg">
                  {t(active?.type === 'course' ? 'challenge.kind.course' : 'challenge.kind.challenge')}
                </Badge>
                <Text fw={700} size="sm" c="dimmed">
                  {siteName}
                </Text>
              </Group>
              {active?.status === 'error' ? <Alert color="red">{t('challenge.loadError')}</Alert> : null}
              {active?.status === 'success' && !product ? (
                <Alert color="gray">{t('challenge.notFound')}</Alert>
              ) : null}
              {pending ? (
                <Stack gap="sm" w="100%" aria-busy="true" aria-label={t('content.loading')} role="status">
                  <Skeleton height={44} width="80%" />
                  <Skeleton height={18} />
                  <Skeleton height={18} width="60%" />
                  <Skeleton height={50} width={200} mt="sm" />
                </Stack>
              ) : (
                <>
                  <Title order={1} className={classes.title}>
                    {product?.challengeHeaderText ||
                      product?.name ||
                      t(
                        active?.type === 'course'
                          ? 'challenge.defaultCourseHeader'
                          : 'challenge.defaultHeader',
                      )}
                  </Title>
                  {product?.challengeSubText ? (
                    <Text size="lg" c="dimmed" maw={520}>
                      {product.challengeSubText}
                    </Text>
                  ) : null}
                  {cheapest ? (
                    <Text size="xl" fw={800} data-testid="offer-price">
                      {plans.length > 1
                        ? t('challenge.offer.from', { price: money(cheapest.amount, cheapest.currency) })
                        : money(cheapest.amount, cheapest.currency)}{' '}
                      <Text component="span" size="sm" fw={400} c="dimmed">
                        · {t('challenge.offer.oneTime')}
                      </Text>
                    </Text>
                  ) : null}
                  {/* Right below the price, so on a phone the first screen holds the offer and its button. */}
                  <Button size="lg" {...signupControl} disabled={!product} data-testid="join-offer">
                    {product?.challengeButtonText || t('challenge.defaultButton')}
                  </Button>
                  {product ? (
                    <Stack gap="xs" component="section" aria-labelledby="included-heading" mt="md">
                      <Title order={2} size="h4" id="included-heading">
                        {t('challenge.offer.includedHeading')}
                      </Title>
                      {/* Not the catalogue's description: it has one language, the page may be in another. */}
                      <List spacing={4}>
                        {plans.length > 1
                          ? plans
                              .slice()
                              .reverse()
                              .map((plan) => (
                                <List.Item key={plan.id} data-testid="offer-option">
                                  {plan.nickname || product.name}: {money(plan.amount, plan.currency)}
                                </List.Item>
                              ))
                          : null}
                        <List.Item>{t('challenge.offer.noSubscription')}</List.Item>
                        <List.Item>{t('challenge.offer.inLibrary')}</List.Item>
                      </List>
                    </Stack>
                  ) : null}
                </>
              )}
            </Stack>
            {missing || (product && !product.challengeImage) ? null : (
              <div className={classes.picture}>
                <div className={classes.frame}>
                  {product?.challengeImage ? (
                    <img
                      src={product.challengeImage}
                      // The product's name: what the picture stands for, in the member's language.
                      alt={product.name}
                      width={FRAME.width}
                      height={FRAME.height}
                      fetchPriority="high"
                    />
                  ) : null}
                </div>
              </div>
            )}
          </div>
        </Container>
      </Box>
      {product && active ? <ProductSampleSection kind={active.type} slug={product.slug} /> : null}
    </>
  );
}
