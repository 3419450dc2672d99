import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { lazyRouteComponent } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { imageSource } from '../../features/content/content-image.tsx';
import { useSiteSettings } from '../../features/content/site-settings.ts';
import { Busy } from '../../lib/busy.tsx';
import { useAuthModalControl, useSession } from '../../session/use-session.tsx';

// The prices and their cards load after the first paint, keeping the home route's first load within
// its budget (decision 115). A page the server rendered loads them before it hydrates, so the prices
// it already shows hydrate in place (decision 118). The router's lazy component, not React.lazy: once
// loaded it renders at once, where React.lazy suspends on its first render even with its code here.
// The landing page's sections below the prices travel in the same chunk (decision 150).
export const PricingSection = lazyRouteComponent(() => import('./pricing-section.tsx'));

/** The photo's frame in CSS pixels: short enough that the prices start on a desktop's first screen. */
const PHOTO_WIDTH = 440;
const PHOTO_HEIGHT = 330;

export function HomeScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { settings } = useSiteSettings();
  const signupControl = useAuthModalControl('signup');
  const home = settings?.home;
  const photo = home?.heroImage ? imageSource(home.heroImage, PHOTO_WIDTH) : null;
  return (
    <>
      <Container size="md" pt="xl" pb="lg">
        {/* Text and photo side by side where both fit, the photo below the promise on a phone. */}
        <div
          style={{
            display: 'grid',
            gap: 'var(--mantine-spacing-xl)',
            alignItems: 'center',
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 20rem), 1fr))',
          }}
        >
          <Stack gap="md" align="flex-start">
            <Title order={1}>{home?.heroHeading || t('home.heading')}</Title>
            <Text size="lg">{home?.heroSubText || t('home.intro')}</Text>
            {user ? null : (
              <Group gap="sm">
                <Button size="md" {...signupControl} data-identity>
                  {t('home.getStarted')}
                </Button>
              </Group>
            )}
          </Stack>
          {photo ? (
            <img
              src={photo.src}
              alt=""
              width={PHOTO_WIDTH}
              height={PHOTO_HEIGHT}
              style={{
                ...photo.style,
                width: '100%',
                height: 'auto',
                aspectRatio: `${PHOTO_WIDTH} / ${PHOTO_HEIGHT}`,
                borderRadius: 'var(--mantine-radius-lg)',
              }}
            />
          ) : null}
        </div>
      </Container>
      {/* A screen's height kept for the prices, so the footer below never moves while they arrive. */}
      <Box mih="100vh" w="100%">
        <Suspense
          fallback={
            <Container size="md">
              <Busy label={t('home.pricingLoading')} />
            </Container>
          }
        >
          <PricingSection />
        </Suspense>
      </Box>
    </>
  );
}
