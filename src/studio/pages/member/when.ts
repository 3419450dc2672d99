// When something happened on a member's page: a date and time in the reader's language and time
// zone, a dash for never.
import { useTranslation } from 'react-i18next';

export function useWhen(): (value: string | null) => string {
  const { i18n } = useTranslation();
  const moment = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (value) => (value ? moment.format(new Date(value)) : '—');
}
