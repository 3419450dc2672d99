import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { withContrast } from '../../../domain/brand/colors.ts';
import type { SiteSettings } from '../../features/content/site-settings.ts';
import { isBannerActive } from '../../lib/promo-banner.ts';
import { useAuthModalControl } from '../../session/use-session.tsx';

/**
 * The promo banner; its button starts the signup, whose checkout applies the settings' promo code.
 * It shows by its dates alone (spec 1): a subscriber who presses it is told they already have a plan.
 */
export function PromoBanner({ settings, now = new Date() }: { settings: SiteSettings | null; now?: Date }) {
  const { t } = useTranslation();
  const signupControl = useAuthModalControl('signup');
  const banner = settings?.banner;
  if (!banner || !isBannerActive(banner, now)) return null;
  const titleColor = banner.bannerTitleColor?.hex ?? '#ffffff';
  // The trainer's title colour is kept; the background darkens or lightens just enough to carry it.
  const background = banner.bannerBGColor?.hex
    ? withContrast(banner.bannerBGColor.hex, titleColor)
    : 'var(--mantine-color-accent-6)';
  return (
    <Group
      component="aside"
      aria-label={banner.bannerTitle ?? undefined}
      data-testid="promo-banner"
      justify="center"
      gap="md"
      px="md"
      py={6}
      style={{ background }}
    >
      <Text fw={600} size="sm" style={{ color: titleColor }}>
        {banner.bannerTitle}
      </Text>
      {/* Its focus ring is drawn on the banner: in the title's colour, which reads there, where the
          brand's could be the banner's own (Mantine draws the ring in the primary colour). */}
      <Button
        size="compact-sm"
        variant="white"
        color="dark"
        style={{ '--mantine-primary-color-filled': titleColor }}
        {...signupControl}
      >
        {banner.bannerButtonText || t('banner.go')}
      </Button>
    </Group>
  );
}
