import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { type SiteSettings, useSiteSettings } from '../../features/content/site-settings.ts';
import { LanguageSwitch } from './language-switch.tsx';
import classes from './site-footer.module.css';
import { FacebookIcon, InstagramIcon, TwitterIcon, YoutubeIcon } from './social-icons.tsx';

const SOCIAL: ReadonlyArray<{
  key: 'instagram' | 'facebook' | 'twitter' | 'youtube';
  field: keyof Pick<SiteSettings, 'instagramUrl' | 'facebookUrl' | 'twitterUrl' | 'youtubeUrl'>;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}> = [
  { key: 'instagram', field: 'instagramUrl', Icon: InstagramIcon },
  { key: 'facebook', field: 'facebookUrl', Icon: FacebookIcon },
  { key: 'twitter', field: 'twitterUrl', Icon: TwitterIcon },
  { key: 'youtube', field: 'youtubeUrl', Icon: YoutubeIcon },
];

/** Shown once the settings are loaded, unless the settings' showFooter flag turns it off. */
export function SiteFooter({ year = new Date().getFullYear() }: { year?: number }) {
  const { t } = useTranslation();
  const { settings, siteName } = useSiteSettings();
  if (!settings || settings.showFooter === false) return null;
  const social = SOCIAL.filter((s) => settings[s.field]);

  return (
    <footer className={classes.footer}>
      <Stack gap="sm" align="center">
        {social.length > 0 ? (
          <Group gap="md" role="group" aria-label={t('footer.followUs')}>
            {social.map(({ key, field, Icon }) => (
              <Anchor
                key={key}
                href={settings[field] ?? undefined}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t(`footer.${key}`)}
                c="inherit"
              >
                <Icon />
              </Anchor>
            ))}
          </Group>
        ) : null}
        <Text size="sm">{t('footer.partnership', { siteName })}</Text>
        <Group gap="lg" justify="center">
          <Anchor component={Link} to="/privacy" size="sm" c="inherit">
            {t('footer.privacy')}
          </Anchor>
          <Anchor component={Link} to="/tos" size="sm" c="inherit">
            {t('footer.terms')}
          </Anchor>
          {settings.supportEmail ? (
            <Anchor href={`mailto:${settings.supportEmail}`} size="sm" c="inherit">
              {t('footer.support')}
            </Anchor>
          ) : (
            <Anchor href={t('footer.supportFallbackHref')} size="sm" c="inherit">
              {t('footer.supportFallback')}
            </Anchor>
          )}
        </Group>
        <LanguageSwitch />
        <Text size="xs" c="dimmed">
          {t('footer.copyright', { year, siteName })}
        </Text>
      </Stack>
    </footer>
  );
}
