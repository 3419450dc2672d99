// How far a member is through an item, in the pages' words ("Day 6 of 30", "3 of 12 lessons"), from
// the progress the server counted (decision 136: the SPA explains, it does not decide).
import type { TFunction } from 'i18next';
import type { LibraryItemSummary, LibraryKind, LibraryUnitRef } from '../../../domain/api-types.ts';
import { formatBillingDate } from '../../../domain/billing/calendar.ts';
import { billingLocale } from '../../../domain/billing/locale.ts';

type Progress = LibraryItemSummary['progress'];

/** "Day 6 of 30" (the day the member is on), "3 of 12 lessons"; null for a library entry. */
export function progressText(kind: LibraryKind, progress: Progress, t: TFunction): string | null {
  const { done, total, next } = progress;
  if (kind === 'challenge')
    return next
      ? t('library.progress.challenge', { number: next.number, total })
      : t('library.progress.allDays', { total });
  if (kind === 'course')
    return next ? t('library.progress.course', { done, total }) : t('library.progress.allLessons', { total });
  return null;
}

/** A date as the billing engine says one: the UTC day, in the page's language (decision 090). */
export function utcDate(value: string, language: string): string {
  return formatBillingDate(value, billingLocale(language));
}

/** "Next: Day 2 · Upper body", or when it opens, if its day has not come. */
export function nextText(next: LibraryUnitRef, t: TFunction, language: string): string {
  return next.state === 'opensOn' && next.opensAt
    ? t('library.nextOpensOn', { title: next.title, date: utcDate(next.opensAt, language) })
    : t('library.next', { title: next.title });
}

/** A unit's name with its number: "Day 3", "Lesson 5". */
export function unitLabel(kind: LibraryKind, number: number, t: TFunction): string {
  return kind === 'challenge' || kind === 'course' ? t(`library.unitLabel.${kind}`, { number }) : '';
}
