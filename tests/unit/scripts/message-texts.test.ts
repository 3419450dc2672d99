import { describe, expect, it } from 'vitest';
import { statecharts } from '../../../machines/statecharts.ts';
import { renderAll } from '../../../scripts/docs.ts';
import { englishText, messageWords, withEnglishTexts } from '../../../scripts/message-texts.ts';

describe('message texts', () => {
  it("reads a key's English text from the site's catalogue, then the modal's", () => {
    expect(englishText('signup.verifyEmail.error')).toBe(
      'Please verify your email before proceeding to checkout',
    );
    expect(englishText('plans.nextStep')).toBe('Next Step');
    expect(englishText('errors.network')).toMatch(/cannot be reached/);
    expect(englishText('signup')).toBeUndefined();
    expect(englishText('Invalid email or password')).toBeUndefined();
  });

  it("words a key as its text with the key after it, and a server's message as sent", () => {
    expect(messageWords('signup.pleaseSelectSubscription')).toBe(
      '“Please select a subscription” (signup.pleaseSelectSubscription)',
    );
    expect(messageWords('Invalid email or password')).toBe("'Invalid email or password'");
  });

  it('replaces the quoted keys of a description, without a second full stop', () => {
    expect(withEnglishTexts("Still unverified: 'signup.verifyEmail.error'.", (key) => ` [${key}]`)).toBe(
      'Still unverified: “Please verify your email before proceeding to checkout” [signup.verifyEmail.error].',
    );
    expect(withEnglishTexts("'signup.pleaseEnterEmailAndPassword'.")).toBe(
      '“Please enter your Email and Password.”',
    );
    expect(withEnglishTexts("Ends with 'no.such.key'.")).toBe("Ends with 'no.such.key'.");
  });

  // A key the catalogue lost would show in the pages as a bare key again.
  it('leaves no quoted key in a chart page that the catalogue does not hold', () => {
    const keys = [...renderAll().values()].flatMap((page) =>
      [...page.matchAll(/'([a-z]\w*(?:\.\w+)+)'/g)].map((match) => match[1]),
    );
    expect(keys).toEqual([]);
    expect(statecharts.length).toBeGreaterThan(0);
    // It renders every chart page: a few seconds on a busy 2-core machine.
  }, 60_000);
});
