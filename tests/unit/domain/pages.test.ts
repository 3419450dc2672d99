import { describe, expect, it } from 'vitest';
import { CHALLENGE_SCREEN, CONTENT_SCREEN, pageNeeds } from '../../../domain/pages.ts';

const firstCall = (path: string, locale: 'en' | 'es', trainerId: string) =>
  pageNeeds(path, locale, trainerId)?.call ?? null;

describe("a page's first API call, known from its address", () => {
  it('is the catalogue on a challenge or course page, in the page language, for the build trainer', () => {
    expect(firstCall('/challenge/30-day-shred', 'es', 'demo-trainer')).toBe(
      '/api/trainer/demo-trainer/products?lang=es',
    );
    expect(firstCall('/course', 'en', 'coach 1')).toBe('/api/trainer/coach%201/products?lang=en');
    expect(firstCall('/course/yoga/', 'en', 't')).toBe('/api/trainer/t/products?lang=en');
  });

  it('is the content page a legal address or any other address shows', () => {
    expect(firstCall('/privacy-policy', 'en', 't')).toBe('/api/content/pages/privacy?lang=en');
    expect(firstCall('/tos', 'es', 't')).toBe('/api/content/pages/terms?lang=es');
    expect(firstCall('/support/', 'en', 't')).toBe('/api/content/pages/support?lang=en');
    expect(firstCall('/a/b', 'en', 't')).toBe('/api/content/pages/a%2Fb?lang=en');
  });

  it('names the screen whose code the page needs', () => {
    expect(pageNeeds('/course/yoga', 'en', 't')?.screen).toBe(CHALLENGE_SCREEN);
    expect(pageNeeds('/terms-of-use', 'en', 't')?.screen).toBe(CONTENT_SCREEN);
  });

  it("is nothing on the app's own screens", () => {
    for (const path of [
      '/',
      '/profile',
      '/profile/password',
      '/confirmation',
      '/challenge/confirmation',
      '/challenge/30-day-shred/confirmation',
      '/course/confirmation',
      '/email-verified',
      '/reset-password',
    ]) {
      expect(firstCall(path, 'en', 't'), path).toBeNull();
    }
  });
});
