import { Box, Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { lazyRouteComponent } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentImage } from '../../features/content/content-image.tsx';
import { useSiteSettings } from '../../features/content/site-settings.ts';
import { useAuthModalControl, useSession } from '../../session/use-session.tsx';

// The prices and their cards load after the first paint, keeping the home route's first load within
// its budget (decision 115). A page the server rendered loads them before it hydrates, so the prices
// it already shows hydrate in place (decision 118). The router's lazy component, not React.lazy: once
// loaded it renders at once, where React.lazy suspends on its first render even with its code here.
export const PricingSection = lazyRouteComponent(() => import('./pricing-section.tsx'));

/** The hero's width in CSS pixels; the image keeps its own proportions below it. */
const HERO_WIDTH = 960;

export function HomeScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { settings } = useSiteSettings();
  const signupControl = useAuthModalControl('signup');
  const home = settings?.home;
  return (
    <Container size="md" py="xl">
      <Stack gap="xl" align="flex-start">
        <Stack gap="md" align="flex-start">
          <Title order={1}>{home?.heroHeading || t('home.heading')}</Title>
          <Text size="lg">{home?.heroSubText || t('home.intro')}</Text>
          {user ? null : (
            <Button {...signupControl} data-identity>
              {t('home.getStarted')}
            </Button>
          )}
          {home?.heroImage ? <ContentImage image={home.heroImage} alt="" width={HERO_WIDTH} /> : null}
        </Stack>
        {/* A screen's height kept for the prices, so the footer below never moves while they arrive. */}
        <Box mih="100vh" w="100%">
          <Suspense fallback={<Loader role="status" aria-label={t('home.pricingLoading')} />}>
            <PricingSection />
          </Suspense>
        </Box>
      </Stack>
    </Container>
  );
}
