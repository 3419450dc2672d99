import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CHALLENGE_SCREEN,
  CONTENT_SCREEN,
  DEFAULT_TRAINER_ID,
  pageNeeds,
  TRAINER_ID_META,
} from '../../../domain/pages.ts';

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
      '/library',
      '/library/challenge/30-day-shred/day-1',
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

describe('addresses that only look like an app screen or an offer', () => {
  it('ignores any number of trailing slashes', () => {
    expect(firstCall('/support//', 'en', 't')).toBe('/api/content/pages/support?lang=en');
    expect(firstCall('/course//', 'en', 't')).toBe('/api/trainer/t/products?lang=en');
  });

  it("asks for the content page when an app screen's name only starts the address", () => {
    expect(firstCall('/profile-tips', 'en', 't')).toBe('/api/content/pages/profile-tips?lang=en');
    expect(firstCall('/confirmations', 'en', 't')).toBe('/api/content/pages/confirmations?lang=en');
    expect(firstCall('/email-verified-help', 'en', 't')).toBe(
      '/api/content/pages/email-verified-help?lang=en',
    );
    expect(firstCall('/reset-password-help', 'en', 't')).toBe(
      '/api/content/pages/reset-password-help?lang=en',
    );
    expect(firstCall('/courses', 'en', 't')).toBe('/api/content/pages/courses?lang=en');
  });

  it("asks for the content page when an app screen's or an offer's name comes later in the address", () => {
    expect(firstCall('/blog/profile', 'en', 't')).toBe('/api/content/pages/blog%2Fprofile?lang=en');
    expect(firstCall('/blog/course', 'en', 't')).toBe('/api/content/pages/blog%2Fcourse?lang=en');
    expect(firstCall('/challenge/a/b', 'en', 't')).toBe('/api/content/pages/challenge%2Fa%2Fb?lang=en');
    expect(firstCall('/challenge/shred/confirmation/extra', 'en', 't')).toBe(
      '/api/content/pages/challenge%2Fshred%2Fconfirmation%2Fextra?lang=en',
    );
  });

  it('asks for the catalogue on a challenge whose name only starts with "confirmation"', () => {
    expect(firstCall('/challenge/confirmation-week', 'en', 't')).toBe('/api/trainer/t/products?lang=en');
  });
});

describe("the build's names", () => {
  it('sells for the demo trainer of the seed data when no trainer is given', () => {
    expect(DEFAULT_TRAINER_ID).toBe('demo-trainer');
  });

  it('names the meta element with a name an HTML attribute can hold', () => {
    expect(TRAINER_ID_META).toMatch(/^[a-z][a-z-]*$/);
  });

  it('names two different screens whose modules exist in the project', () => {
    expect(CHALLENGE_SCREEN).not.toBe(CONTENT_SCREEN);
    for (const screen of [CHALLENGE_SCREEN, CONTENT_SCREEN]) {
      const module = fileURLToPath(new URL(`../../../${screen}`, import.meta.url));
      expect(statSync(module, { throwIfNoEntry: false })?.isFile(), screen).toBe(true);
    }
  });
});
