// The storyboard's pictures of the charts Chromium replays no UI path of (the members' area and the
// studio, `notInBrowser` in tests/paths/catalog.ts, and the confirmation page, which a path leaves
// for the payment provider's page before reaching): their browser journeys walk the screens against
// the real server, and take the picture of a state where the journey shows it (`storyboardPicture` in
// tests/e2e/storyboard-picture.ts), when `npm run docs:screens` runs them. A unit test checks that the
// journey named here takes each picture it lists.
import type { ScreenVariant } from './screen-variants.ts';

export interface JourneyPicture {
  chart: 'confirmation' | 'library-player' | 'staff-sign-in' | 'studio-refund' | 'catalogue-edit';
  /** The state's path, as the chart's states table writes it. */
  state: string;
  /** What the member or the staff member sees there, in plain words. */
  sees: string;
  /** The variants the journeys show it in (a journey runs at one width and in one language). */
  variants: readonly ScreenVariant[];
  /** The journey's file, from tests/e2e, where `storyboardPicture` takes it. */
  journey: string;
}

const BOTH = ['desktop-en', 'mobile-es'] as const;
const DESKTOP = ['desktop-en'] as const;
const PHONE = ['mobile-es'] as const;

export const JOURNEY_PICTURES: JourneyPicture[] = [
  {
    chart: 'confirmation',
    state: 'confirmed',
    sees: "the confirmation page once the purchase shows: the challenge's first day to start",
    variants: BOTH,
    journey: 'library-journey.ts',
  },
  {
    chart: 'library-player',
    state: 'reading',
    sees: "day 1 of a challenge, with 'Mark as done'",
    variants: BOTH,
    journey: 'library-journey.ts',
  },
  {
    chart: 'library-player',
    state: 'done',
    sees: 'the day marked done, with Undo and the date the next day opens',
    variants: BOTH,
    journey: 'library-journey.ts',
  },
  {
    chart: 'library-player',
    state: 'opensOn',
    sees: 'a day not open yet, with the date it opens',
    variants: BOTH,
    journey: 'library-journey.ts',
  },
  {
    chart: 'library-player',
    state: 'notFound',
    sees: 'no such day: not in the library, with the way back',
    variants: BOTH,
    journey: 'library-journey.ts',
  },
  {
    chart: 'library-player',
    state: 'failed',
    sees: 'the day could not be read (no answer), with Try again',
    variants: BOTH,
    journey: 'library-journey.ts',
  },
  {
    chart: 'library-player',
    state: 'locked',
    sees: 'a refunded challenge: the page says why the day is closed and how to buy it',
    variants: BOTH,
    journey: 'library-journey.ts',
  },
  {
    chart: 'staff-sign-in',
    state: 'choosing',
    sees: "the studio's sign-in page: a passkey or an emailed link",
    variants: BOTH,
    journey: 'studio.spec.ts',
  },
  {
    chart: 'staff-sign-in',
    state: 'invited',
    sees: "the invite: the site, the role and the address, with the person's name and 'Create my passkey'",
    variants: BOTH,
    journey: 'studio-steps.ts',
  },
  {
    chart: 'staff-sign-in',
    state: 'signedIn',
    sees: "signed in: the studio's figures",
    variants: BOTH,
    journey: 'studio.spec.ts',
  },
  {
    chart: 'staff-sign-in',
    state: 'linkSent',
    sees: 'a link is on its way if the address is a staff member’s',
    variants: PHONE,
    journey: 'studio.spec.ts',
  },
  {
    chart: 'staff-sign-in',
    state: 'linkFailed',
    sees: 'a used link: why it did not sign the person in, with the way to the sign-in page',
    variants: PHONE,
    journey: 'studio.spec.ts',
  },
  {
    chart: 'staff-sign-in',
    state: 'inviteFailed',
    sees: 'a used invite: it cannot be used, ask the owner for another',
    variants: PHONE,
    journey: 'studio.spec.ts',
  },
  {
    chart: 'studio-refund',
    state: 'confirming',
    sees: "the refund's exact words, with Refund and Cancel",
    variants: BOTH,
    journey: 'studio.spec.ts',
  },
  {
    chart: 'studio-refund',
    state: 'done',
    sees: 'refunded, said in the dialog',
    variants: BOTH,
    journey: 'studio.spec.ts',
  },
  {
    chart: 'studio-refund',
    state: 'cancelled',
    sees: "the dialog closed without refunding: the member's charges as they were",
    variants: PHONE,
    journey: 'studio.spec.ts',
  },
  {
    chart: 'catalogue-edit',
    state: 'editing',
    sees: "the form of a catalogue item's price or name",
    variants: BOTH,
    journey: 'studio.spec.ts',
  },
  {
    chart: 'catalogue-edit',
    state: 'confirmingReplacement',
    sees: 'a sold price replaced: members who hold it keep it, new members pay the new one, with Save and Back',
    variants: DESKTOP,
    journey: 'studio.spec.ts',
  },
  {
    chart: 'catalogue-edit',
    state: 'saved',
    sees: 'saved: the catalogue with the new price or name',
    variants: BOTH,
    journey: 'studio.spec.ts',
  },
  {
    chart: 'catalogue-edit',
    state: 'confirmingArchive',
    sees: 'archive it? It leaves the public pages; those who hold it keep it',
    variants: PHONE,
    journey: 'studio.spec.ts',
  },
  {
    chart: 'catalogue-edit',
    state: 'archived',
    sees: 'archived: the coupon marked archived in the catalogue',
    variants: PHONE,
    journey: 'studio.spec.ts',
  },
];
