// The staff sign-in's executor table: the sign-in page (a passkey, or an emailed link), an emailed
// link's page, and an invitation's page, with the server's and the browser's answers: the passkey
// prompt closed, a passkey the studio does not know, too many attempts, a link or invitation used up
// ("This link no longer works" / "Este enlace ya no sirve"), no answer. The browser's prompts are
// answered by the driver's stand-in for the authenticator (jsdom has none).
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { staffSignInMachine } from '../../../machines/staff-sign-in/staff-sign-in.machine.ts';
import type { InviteView, StaffView } from '../../../machines/staff-sign-in/staff-sign-in.types.ts';
import { StudioRequestError } from '../../../machines/studio-error.ts';
import {
  type Action,
  button,
  type Call,
  type EventTable,
  field,
  heading,
  key,
  type Opening,
  type Outcome,
  presses,
  type StateTable,
  type Target,
} from '../ui.ts';

type SignIn = typeof staffSignInMachine;
type SignInSnapshot = SnapshotFrom<SignIn>;
const ACTORS = [
  'passkeyOptions',
  'authenticate',
  'verifyPasskey',
  'requestLink',
  'verifyLink',
  'readInvite',
  'inviteOptions',
  'register',
  'acceptInvite',
] as const;
type Actor = (typeof ACTORS)[number];
type ChildSettled = `xstate.${'done' | 'error'}.actor.${Actor}`;

const page = (does: string, path: string): Opening => ({
  does,
  path,
  member: null,
  verification: true,
  studio: { staff: null },
});
export const SIGN_IN_OPENINGS = [
  { opening: page('Someone opens the studio’s sign-in page', '/studio/sign-in'), input: { start: 'signIn' } },
  {
    opening: page('Someone follows an emailed sign-in link', '/studio/sign-in?token=link-token'),
    input: { start: 'link', token: 'link-token' },
  },
  {
    opening: page('Someone follows an invitation to the studio', '/studio/invite?token=invite-token'),
    input: { start: 'invite', token: 'invite-token' },
  },
];

export const INVITE: InviteView = {
  email: 'carl@example.com',
  role: 'coach',
  trainerName: 'Fit with Ana',
  expiresAt: '2030-12-01T12:00:00.000Z',
};
export const SIGNED_IN: StaffView = {
  id: 'staff_owner',
  email: 'olga@example.com',
  name: 'Olga Owner',
  role: 'owner',
};

/** The server's words (locales/api) and the browser's errors, each as the machine receives it. */
const OFFLINE = new StudioRequestError('errors.network', 0);
const TOO_MANY = new StudioRequestError('Too many attempts: try again in 15 minutes.', 429);
const UNKNOWN_PASSKEY = new StudioRequestError('This passkey is not registered with the studio.', 401);
const USED_LINK = new StudioRequestError('This link was already used or has expired.', 410);
const USED_INVITE = new StudioRequestError('This invitation was already used or has expired.', 410);
/** A closed prompt as the flow receives it from @simplewebauthn/browser: an Error named as the browser's. */
const cancelled = () =>
  Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });

function failure(error: unknown): { does: string; outcome: Outcome } {
  if (error instanceof Error && error.name === 'NotAllowedError')
    return {
      does: 'the person closes the passkey prompt',
      outcome: { ok: false, status: 0, message: error.name, browser: error.name },
    };
  const refused = error as StudioRequestError;
  if (refused.status === 0)
    return { does: 'the network fails (no answer)', outcome: { ok: false, network: true } };
  const does =
    refused === TOO_MANY
      ? 'the server refuses: too many attempts'
      : refused === UNKNOWN_PASSKEY
        ? 'the server does not know the passkey'
        : 'the server says it was already used';
  return { does, outcome: { ok: false, status: refused.status, message: refused.message } };
}

const settled = (actor: Actor, does: string) => ({
  [`xstate.done.actor.${actor}`]: () => ({ does, actions: [{ answer: actor, outcome: { ok: true } }] }),
  [`xstate.error.actor.${actor}`]: ({ event }: { event: AnyEventObject }) => {
    const outcome = failure((event as { error?: unknown }).error);
    return { does: outcome.does, actions: [{ answer: actor as Call, outcome: outcome.outcome }] };
  },
});

export const staffSignInEvents = {
  ...settled('passkeyOptions', 'the server sends the challenge'),
  ...settled('authenticate', 'the person confirms with their fingerprint'),
  ...settled('verifyPasskey', 'the server accepts the passkey'),
  ...settled('requestLink', 'the server answers (alike for any address)'),
  ...settled('verifyLink', 'the server accepts the link'),
  ...settled('readInvite', 'the server sends the invitation'),
  ...settled('inviteOptions', 'the server sends the options'),
  ...settled('register', 'the person confirms, and a passkey is made'),
  ...settled('acceptInvite', 'the server opens the account'),
  'passkey.start': presses('presses Sign in with a passkey', 'studio.signIn.passkey'),
  'link.request': () => ({
    does: 'types olga@example.com and presses Email me a link',
    actions: [
      { fill: field('studio.signIn.email'), value: 'olga@example.com' },
      { click: button('studio.signIn.emailLink') },
    ],
  }),
  'link.back': ({ before }: { before: SignInSnapshot }) =>
    before.matches('linkFailed')
      ? { does: 'presses Go to sign in', actions: [{ click: button('studio.signIn.toSignIn') }] }
      : { does: 'presses Back to sign in', actions: [{ click: button('studio.signIn.back') }] },
  'invite.accept': () => ({
    does: "types 'Carl Coach' and 'Work laptop', and presses Create my passkey",
    actions: [
      { fill: field('studio.invite.name'), value: 'Carl Coach' },
      { fill: field('studio.invite.deviceName'), value: 'Work laptop' },
      { click: button('studio.invite.createPasskey') },
    ] as Action[],
  }),
  retry: () => ({ does: 'presses Try again', actions: [{ click: button('studio.retry') }] }),
} as unknown as EventTable<SignIn, ChildSettled>;

const TITLE = heading('studio.signIn.title');
const INVITE_TITLE = heading('studio.invite.title');
const PASSKEY = button('studio.signIn.passkey');
const LINK = button('studio.signIn.emailLink');
const PROMPT: Target = { role: 'status', name: key('studio.signIn.followPrompt') };
/** The problem's title as the page says it: the spec's words for each (studio-2). */
const problem = (s: SignInSnapshot): Target[] =>
  s.context.problem
    ? [{ role: 'alert', name: key(`studio.signIn.problems.${s.context.problem}.title`) }]
    : [];
const INVITE_WORDS: Target = {
  text: key('studio.invite.body', {
    site: INVITE.trainerName,
    role: '$t:studio.roles.coach',
    email: INVITE.email,
  }),
};

export const staffSignInStates = {
  starting: { passesAtOnce: 'The page starts where its address says, at once.' },
  choosing: (s: SignInSnapshot) => ({
    says: s.context.problem
      ? `the sign-in page, saying "${s.context.problem}", with the passkey and the emailed link`
      : 'the sign-in page: a passkey first, the emailed link beside it',
    shows: [TITLE, PASSKEY, LINK, ...problem(s)],
    hides: [PROMPT],
  }),
  askingOptions: () => ({ says: 'the sign-in page, waiting', shows: [TITLE, PASSKEY] }),
  authenticating: () => ({
    says: "the prompt's words: follow your browser's prompt",
    shows: [TITLE, PROMPT],
  }),
  verifying: () => ({ says: 'the sign-in page, checking', shows: [TITLE, PASSKEY] }),
  requestingLink: () => ({ says: 'the sign-in page, sending', shows: [TITLE, LINK] }),
  linkSent: () => ({
    says: 'that a link is on its way if the address is a staff member’s',
    shows: [
      { role: 'status', name: key('studio.signIn.linkSent', { email: 'olga@example.com' }) },
      button('studio.signIn.back'),
    ],
  }),
  verifyingLink: () => ({
    says: 'that the link is being checked',
    shows: [{ text: key('studio.signIn.checkingLink') }],
  }),
  linkFailed: (s: SignInSnapshot) => ({
    says:
      s.context.problem === 'linkExpired'
        ? "'This link no longer works', with Go to sign in"
        : 'that the studio could not be reached, with Go to sign in',
    shows: [...problem(s), button('studio.signIn.toSignIn')],
    hides: [PASSKEY],
  }),
  readingInvite: () => ({
    says: 'that the invitation is being read',
    shows: [INVITE_TITLE, { text: key('studio.invite.loading') }],
  }),
  inviteFailed: (s: SignInSnapshot) => ({
    says:
      s.context.problem === 'linkExpired'
        ? "'This link no longer works': the invitation was used"
        : 'that the studio could not be reached, with Try again',
    shows: [...problem(s), ...(s.context.problem === 'failed' ? [button('studio.retry')] : [])],
    hides: [button('studio.invite.createPasskey')],
  }),
  invited: (s: SignInSnapshot) => ({
    says: s.context.problem
      ? `the invitation, saying "${s.context.problem}", with Create my passkey`
      : "the invitation (Fit with Ana's studio, as coach, carl@example.com), with the name and Create my passkey",
    shows: [INVITE_WORDS, button('studio.invite.createPasskey'), ...problem(s)],
  }),
  askingRegistration: () => ({ says: 'the invitation, waiting', shows: [INVITE_WORDS] }),
  registering: () => ({
    says: "the prompt's words: follow your browser's prompt",
    shows: [INVITE_WORDS, PROMPT],
  }),
  accepting: () => ({ says: 'the invitation, opening the account', shows: [INVITE_WORDS] }),
  signedIn: () => ({ says: "the studio's figures, signed in", shows: [], at: '/studio' }),
} satisfies StateTable<SignIn>;

const done = (actor: Actor, output: unknown) => [{ type: `xstate.done.actor.${actor}`, output }];
const errors = (actor: Actor, list: unknown[]) =>
  list.map((error) => ({ type: `xstate.error.actor.${actor}`, error }));

export function staffSignInSamples(): Record<
  string,
  AnyEventObject[] | ((s: SignInSnapshot) => AnyEventObject[])
> {
  return {
    // The page offers Try again only when the studio could not be reached: a used invitation stays used.
    retry: (s) => (s.context.problem === 'failed' ? [{ type: 'retry' }] : []),
    'link.request': [{ type: 'link.request', email: 'olga@example.com' }],
    'invite.accept': [{ type: 'invite.accept', name: 'Carl Coach', deviceName: 'Work laptop' }],
    'xstate.done.actor.passkeyOptions': done('passkeyOptions', { challenge: 'Y2hhbGxlbmdl' }),
    'xstate.error.actor.passkeyOptions': errors('passkeyOptions', [TOO_MANY, OFFLINE]),
    'xstate.done.actor.authenticate': done('authenticate', { id: 'cred' }),
    'xstate.error.actor.authenticate': errors('authenticate', [cancelled()]),
    'xstate.done.actor.verifyPasskey': done('verifyPasskey', SIGNED_IN),
    'xstate.error.actor.verifyPasskey': errors('verifyPasskey', [UNKNOWN_PASSKEY]),
    'xstate.done.actor.requestLink': done('requestLink', undefined),
    'xstate.error.actor.requestLink': errors('requestLink', [TOO_MANY]),
    'xstate.done.actor.verifyLink': done('verifyLink', SIGNED_IN),
    'xstate.error.actor.verifyLink': errors('verifyLink', [USED_LINK, OFFLINE]),
    'xstate.done.actor.readInvite': done('readInvite', INVITE),
    'xstate.error.actor.readInvite': errors('readInvite', [USED_INVITE, OFFLINE]),
    'xstate.done.actor.inviteOptions': done('inviteOptions', { challenge: 'Y2hhbGxlbmdl' }),
    'xstate.error.actor.inviteOptions': errors('inviteOptions', [OFFLINE]),
    'xstate.done.actor.register': done('register', { id: 'cred' }),
    'xstate.error.actor.register': errors('register', [cancelled()]),
    'xstate.done.actor.acceptInvite': done('acceptInvite', {
      ...SIGNED_IN,
      name: 'Carl Coach',
      role: 'coach',
    }),
    'xstate.error.actor.acceptInvite': errors('acceptInvite', [USED_INVITE]),
  };
}

export const staffSignInExecutor = {
  machine: staffSignInMachine,
  events: staffSignInEvents,
  states: staffSignInStates,
};
