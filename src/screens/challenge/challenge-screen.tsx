// The page of a challenge or a course (the same screen), with the texts of its product. The signup
// modal takes over from its button; this page only presents the product.
import { Alert, Button, Container, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSiteSettings } from '../../features/content/site-settings.ts';
import { useActiveChallenge } from '../../features/products/route-state.ts';
import { useAuthModalControl } from '../../session/use-session.tsx';

export function ChallengeScreen() {
  const { t } = useTranslation();
  const active = useActiveChallenge();
  const { siteName } = useSiteSettings();
  const signupControl = useAuthModalControl('signup');
  const product = active?.product;

  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="center" ta="center">
        <Text fw={700}>{siteName}</Text>
        {active?.status === 'pending' ? <Loader aria-label={t('content.loading')} /> : null}
        {active?.status === 'error' ? <Alert color="red">{t('challenge.loadError')}</Alert> : null}
        {active?.status === 'success' && !product ? (
          <Alert color="gray">{t('challenge.notFound')}</Alert>
        ) : null}
        {product?.challengeImage ? <Image src={product.challengeImage} alt="" radius="md" /> : null}
        <Title order={1}>
          {product?.challengeHeaderText ||
            product?.name ||
            t(active?.type === 'course' ? 'challenge.defaultCourseHeader' : 'challenge.defaultHeader')}
        </Title>
        {product?.challengeSubText ? <Text>{product.challengeSubText}</Text> : null}
        <Button size="lg" {...signupControl} disabled={!product} data-testid="join-offer">
          {product?.challengeButtonText || t('challenge.defaultButton')}
        </Button>
      </Stack>
    </Container>
  );
}
