// A day typed or picked in the page's language (decision 175): Mantine's date input, whose calendar
// and format follow the studio's language, where the browser's own date input spoke the browser's
// language whatever the page said ("mm/dd/yyyy" on a Spanish page). The value is the contract's
// `YYYY-MM-DD`; what is typed is read strictly in the language's format, so "01/02/2026" is never
// read as another day than the one the page's hint describes.
import { DateInput, DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import 'dayjs/locale/es.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

dayjs.extend(customParseFormat);

/** The day a typed text names in `format`, as `YYYY-MM-DD`, or null when it names none. */
export function parseDay(text: string, format: string): string | null {
  const day = dayjs(text.trim(), format, true);
  return day.isValid() ? day.format('YYYY-MM-DD') : null;
}

export interface DateFieldProps {
  label: string;
  description?: string;
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** Whether what is typed names no day: the form waits until it does. */
  onInvalid: (invalid: boolean) => void;
  /** The first day that may be chosen, `YYYY-MM-DD`. */
  minDate?: string;
}

export function DateField({ label, description, value, onChange, onInvalid, minDate }: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const format = t('studio.date.format');
  const [error, setError] = useState<string | null>(null);
  const check = (text: string) => {
    const wrong = text.trim() !== '' && parseDay(text, format) === null;
    setError(wrong ? t('studio.date.invalid', { hint: t('studio.date.hint') }) : null);
    onInvalid(wrong);
  };
  return (
    <DatesProvider settings={{ locale: i18n.language === 'es' ? 'es' : 'en' }}>
      <DateInput
        label={label}
        description={description}
        placeholder={t('studio.date.hint')}
        valueFormat={format}
        dateParser={(text) => parseDay(text, format)}
        value={value || null}
        onChange={(day) => {
          onChange(day ?? '');
          setError(null);
          onInvalid(false);
        }}
        onBlur={(event) => check(event.currentTarget.value)}
        fixOnBlur={false}
        clearable
        minDate={minDate}
        error={error}
        nextLabel={t('studio.date.next')}
        previousLabel={t('studio.date.previous')}
      />
    </DatesProvider>
  );
}
