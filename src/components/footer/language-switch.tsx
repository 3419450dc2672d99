import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../../domain/localized.ts';
import { chooseLocale } from '../../text/i18n.ts';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Group gap={4} role="group" aria-label={t('footer.language')}>
      {LOCALES.map((locale) => {
        const current = i18n.resolvedLanguage === locale;
        return (
          <Button
            key={locale}
            size="compact-xs"
            variant={current ? 'filled' : 'subtle'}
            aria-pressed={current}
            lang={locale}
            onClick={() => void chooseLocale(i18n, locale)}
          >
            {t(`languages.${locale}`)}
          </Button>
        );
      })}
    </Group>
  );
}
