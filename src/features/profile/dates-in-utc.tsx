// Billing dates are the day in UTC, so a member west of UTC who pays in the evening reads the same
// date on every screen and in every email; each billing screen says so once.
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function DatesInUtc() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" data-testid="dates-in-utc">
      {t('billing.datesInUtc')}
    </Text>
  );
}
