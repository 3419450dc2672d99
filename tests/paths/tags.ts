// What the catalogue says of each UI path besides its steps: the behaviour it belongs to (the
// catalogue's sections) and its tags: the site setting and members it needs, where the modal opens,
// whether Chromium replays it, and the spec rules it exercises. `npm run qa:path -- <tag>` runs every
// path with a tag.
import { browserPaths, openingOf, type UiPath } from './catalog.ts';
import { type SpecTags, specTagsOf } from './spec-tags.ts';
import type { Call, MemberKind, Outcome } from './ui.ts';

/** A behaviour of a chart's paths: the first group whose test a path passes is its section. */
export interface Group {
  /** The `outcome:` tag. */
  slug: string;
  title: string;
  matches: (path: UiPath) => boolean;
}

const answers = (path: UiPath): { call: Call; outcome: Outcome }[] =>
  path.steps.flatMap((step) =>
    step.step.actions.flatMap((action) =>
      'answer' in action ? [{ call: action.answer, outcome: action.outcome }] : [],
    ),
  );
const outcomes = (path: UiPath): Outcome[] => answers(path).map((answer) => answer.outcome);
const reaches = (path: UiPath, state: string) => path.steps.some((step) => step.state === state);
const endsIn = (path: UiPath, prefix: string) => (path.steps.at(-1)?.state ?? '').startsWith(prefix);
const endsWithMessage = (path: UiPath) =>
  path.steps.at(-1)?.sight?.shows.some((target) => 'role' in target && target.role === 'alert') ?? false;
const anything = () => true;

export const GROUPS: Record<UiPath['chart'], Group[]> = {
  'signup-modal': [
    {
      slug: 'checkout',
      title: 'Reaches the secure checkout',
      matches: (p) => reaches(p, 'open.checkingOut'),
    },
    { slug: 'leaves', title: 'Leaves the modal before paying', matches: (p) => endsIn(p, 'hidden') },
    { slug: 'choose-a-plan', title: 'Is asked to choose a plan first', matches: endsWithMessage },
    { slug: 'browses', title: 'Looks at the plans and the upgrade offer', matches: anything },
  ],
  'account-step': [
    {
      slug: 'refused',
      title: 'Ends refused by the server, or the network fails',
      matches: (p) => outcomes(p).at(-1)?.ok === false,
    },
    { slug: 'signs-in', title: 'Signs up or signs in', matches: (p) => endsIn(p, 'done') },
    { slug: 'reset-email', title: 'Asks for a password reset', matches: (p) => endsIn(p, 'resetPassword') },
    { slug: 'check-inbox', title: 'Waits on check your inbox', matches: (p) => endsIn(p, 'checkInbox') },
    { slug: 'form-message', title: 'Is told what the form misses', matches: endsWithMessage },
    { slug: 'between-forms', title: 'Moves between the forms', matches: anything },
  ],
  address: [
    {
      slug: 'refused',
      title: 'The server refuses the link',
      matches: (p) => outcomes(p).some((outcome) => !outcome.ok),
    },
    {
      slug: 'link-leaves',
      title: 'The link opens the modal and leaves the address',
      matches: (p) => openingOf(p)?.path.includes('openModal=true') ?? false,
    },
    {
      slug: 'link-in-the-app',
      title: 'Follows a link while the app runs (components only)',
      matches: (p) => p.steps.some((step) => step.step.actions.some((action) => 'go' in action)),
    },
    {
      slug: 'logs-out',
      title: 'Logs out from the menu',
      matches: (p) => p.steps.some((step) => step.event.type === 'address.changed'),
    },
    { slug: 'signs-in', title: 'Signs in with the link or the offered login', matches: anything },
  ],
  session: [
    {
      slug: 'refused',
      title: 'The server refuses the member, or a call answers 401',
      matches: (p) => outcomes(p).some((outcome) => !outcome.ok && 'status' in outcome),
    },
    {
      slug: 'offline',
      title: 'Offline: the kept member stays, and the server is asked again',
      matches: (p) => outcomes(p).some((outcome) => !outcome.ok && 'network' in outcome),
    },
    {
      slug: 'logs-out',
      title: 'Logs out from the menu',
      matches: (p) => p.steps.some((step) => step.event.type === 'auth.logout'),
    },
    { slug: 'restores', title: 'Starts, and the kept member is signed in again', matches: anything },
  ],
  'library-player': [
    {
      slug: 'refused',
      title: 'The server refuses the day (not open yet, refunded, unknown), or gives no answer',
      matches: (p) => outcomes(p).some((outcome) => !outcome.ok),
    },
    {
      slug: 'marks',
      title: 'Marks the day done, or undoes it',
      matches: (p) => answers(p).some((entry) => entry.call === 'markUnit'),
    },
    { slug: 'reads', title: 'Opens the day and reads it', matches: anything },
  ],
  'staff-sign-in': [
    {
      slug: 'signs-in',
      title: 'Signs in, or joins by the invitation',
      matches: (p) => endsIn(p, 'signedIn'),
    },
    {
      slug: 'refused',
      title: 'Refused: a used link or invitation, an unknown passkey, too many attempts, a closed prompt',
      matches: (p) => outcomes(p).some((outcome) => !outcome.ok && 'status' in outcome),
    },
    {
      slug: 'offline',
      title: 'The studio cannot be reached',
      matches: (p) => outcomes(p).some((outcome) => !outcome.ok && 'network' in outcome),
    },
    { slug: 'asks-a-link', title: 'Asks for an emailed link, or reads the invitation', matches: anything },
  ],
  'studio-refund': [
    { slug: 'refunds', title: 'Refunds the charge', matches: (p) => endsIn(p, 'done') },
    {
      slug: 'refused',
      title: 'Refused: already refunded, more than was charged, a role without the right',
      matches: (p) => endsIn(p, 'refused'),
    },
    { slug: 'leaves', title: 'Cancels, nothing refunded', matches: anything },
  ],
  'catalogue-edit': [
    {
      slug: 'saves',
      title: 'Saves the change, or archives',
      matches: (p) => endsIn(p, 'saved') || endsIn(p, 'archived'),
    },
    {
      slug: 'refused',
      title: 'Refused for good: a role without the right',
      matches: (p) => endsIn(p, 'refused'),
    },
    {
      slug: 'form-message',
      title: "Back at the form, with the server's words or nothing saved",
      matches: anything,
    },
  ],
};

export function groupOf(path: UiPath): Group {
  const group = GROUPS[path.chart].find((candidate) => candidate.matches(path));
  if (!group) throw new Error(`${path.id} belongs to no group of ${path.chart}`);
  return group;
}

/** Whether the path's site verifies emails: the demo site does, its twin in the browser tests does not. */
export function verifiesEmails(path: UiPath): boolean {
  return openingOf(path)?.verification ?? true;
}

/**
 * The site of the browser suite a path runs on (tests/e2e/sites.ts): the demo site verifies emails,
 * its twin does not, and a third sells no annual plan (without email verification).
 */
export function siteOf(path: UiPath): 'site' | 'open' | 'no-annual' {
  if (openingOf(path)?.noAnnualPlan) {
    if (verifiesEmails(path))
      throw new Error(`${path.id}: the site without an annual plan does not verify emails`);
    return 'no-annual';
  }
  return verifiesEmails(path) ? 'site' : 'open';
}

/** Where the modal opens: a page, or the emailed link. */
function opensAt(path: UiPath): string {
  const opening = openingOf(path);
  if (!opening) return 'home';
  if (opening.studio) return `studio-${opening.path.split('?')[0]?.split('/')[2] ?? 'figures'}`;
  if (opening.link || opening.verifiedInAddress || /[?&](token|openModal|verified)=/.test(opening.path))
    return 'link';
  return opening.path.split('?')[0]?.split('/')[1] || 'home';
}

/** The members the path involves: who opens the modal, and whom the server signs in on the way. */
function membersOf(path: UiPath): (MemberKind | 'visitor' | 'owner' | 'coach')[] {
  const signedIn = outcomes(path).flatMap((outcome) =>
    outcome.ok && outcome.member ? [outcome.member] : [],
  );
  const opening = openingOf(path);
  if (opening?.studio) return [opening.studio.staff ?? 'visitor'];
  const opener: MemberKind | 'visitor' = opening?.member ?? 'visitor';
  return [...new Set([opener, ...signedIn])];
}

/** The calls the server refuses on the way, or that get no answer. */
function refusalsOf(path: UiPath): string[] {
  const tags = answers(path).flatMap(({ call, outcome }) =>
    outcome.ok ? [] : ['network' in outcome ? `network-fails:${call}` : `refused:${call}`],
  );
  return [...new Set(tags)];
}

/** The tags and what they mean, for the catalogue's legend. */
export const TAG_LEGEND: [string, string][] = [
  ['`outcome:<slug>`', 'the behaviour, i.e. the section the path is listed in'],
  ['`verification:on` / `verification:off`', "the site's email-verification setting"],
  [
    '`member:<kind>`',
    'a visitor, or a verified, unverified, monthly, quarterly or annual member the path involves; in the studio, the staff member signed in (`owner`) or nobody yet (`visitor`)',
  ],
  [
    '`refused:<call>` / `network-fails:<call>`',
    'the server refuses a call of the app on the way, or it gets no answer',
  ],
  [
    '`opens:<where>`',
    "where the path opens: the modal's page (home, challenge or course), the emailed link, a page of the members' library, or a page of the studio (`studio-sign-in`, `studio-invite`, `studio-members`, `studio-catalogue`)",
  ],
  [
    '`chromium:desktop-screens` / `chromium:375px`',
    'replayed in Chromium by `npm test` (desktop, English: every state and screen / phone, Spanish)',
  ],
  [
    '`chromium:desktop`',
    'replayed in Chromium, desktop, English, by `npm run test:ui-paths` and CI: every transition',
  ],
  ['`spec-…`', 'a rule of the spec the path exercises, shown on the (at most 3) shortest paths that do'],
];

export interface TaggedPath {
  path: UiPath;
  group: Group;
  tags: string[];
}

/** Every path with its group and tags; `specTags` defaults to the spec rules' source. */
export async function taggedPaths(paths: UiPath[], specTags: SpecTags = specTagsOf): Promise<TaggedPath[]> {
  const desktop = new Set((await browserPaths('transitions')).map((path) => path.id));
  const phone = new Set((await browserPaths('states')).map((path) => path.id));
  const everyRun = new Set((await browserPaths('screens')).map((path) => path.id));
  const spec = await Promise.all(paths.map((path) => specTags(path)));
  return paths.map((path, index) => {
    const group = groupOf(path);
    const tags = [
      `outcome:${group.slug}`,
      // The studio has no email-verification setting: its paths carry no such tag.
      ...(openingOf(path)?.studio ? [] : [`verification:${verifiesEmails(path) ? 'on' : 'off'}`]),
      ...membersOf(path).map((member) => `member:${member}`),
      `opens:${opensAt(path)}`,
      ...refusalsOf(path),
      ...(desktop.has(path.id) ? ['chromium:desktop'] : []),
      ...(everyRun.has(path.id) ? ['chromium:desktop-screens'] : []),
      ...(phone.has(path.id) ? ['chromium:375px'] : []),
      ...(spec[index] ?? []),
    ];
    return { path, group, tags };
  });
}
