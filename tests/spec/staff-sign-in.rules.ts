// The staff's sign-in, written from the issue's words: point 2 ("signing in with a passkey (WebAuthn)
// with an emailed one-time link as the fallback", "invited by an emailed link", "rate limits like the
// members' logins") and the shared design ("202 always (no enumeration)", the link "15 min, one use",
// the invite registering the first passkey), with the brief's errors: cancelled by the user, not
// allowed, rate limited, link expired. A step is read as the page shows it (its tags).
import type { AnyMachineSnapshot } from 'xstate';
import { contextOf, errorStatus, field, type Rule, type SpecStep, seen } from './rule.ts';

interface SignInView {
  problem: string | null;
  staff: unknown;
}
const shows = (snapshot: AnyMachineSnapshot | undefined, view: string) =>
  snapshot?.hasTag(`view:${view}`) ?? false;
const ctx = (snapshot: AnyMachineSnapshot | undefined) => contextOf<SignInView>(snapshot);
const started = (step: SpecStep, name: string) => step.started.find((call) => call.name === name);
const is = (type: string) => (step: SpecStep) => step.event.type === type;
const browserError = (step: SpecStep) => {
  const error = field<unknown>(step.event, 'error');
  return error instanceof Error && errorStatus(step.event) === undefined ? error.name : null;
};
const SESSION_ANSWERS = [
  'xstate.done.actor.verifyPasskey',
  'xstate.done.actor.verifyLink',
  'xstate.done.actor.acceptInvite',
];

export const staffSignInRules: Rule[] = [
  {
    id: 'spec-studio-2-passkey-and-link-offered',
    section: 'studio-2',
    says: 'the sign-in page offers the passkey, and the emailed link beside it',
    applies: (step) => shows(step.after, 'signIn') && !step.after.hasTag('loading'),
    check: (step) =>
      step.after.can({ type: 'passkey.start' }) && step.after.can({ type: 'link.request', email: 'a@b.co' })
        ? null
        : 'a way in is missing',
  },
  {
    id: 'spec-studio-2-signed-in-only-by-the-server',
    section: 'studio-2',
    says: 'a person is signed in only once the server opened a session (a passkey checked, a link verified, an invite accepted)',
    applies: (step) => shows(step.after, 'signedIn') && !shows(step.before, 'signedIn'),
    check: (step) =>
      SESSION_ANSWERS.includes(step.event.type) && ctx(step.after).staff !== null
        ? null
        : `signed in on ${step.event.type}`,
  },
  {
    id: 'spec-studio-2-cancelled-said',
    section: 'studio-2',
    says: 'a prompt the person cancelled (or let time out) is said as such, and they may try again',
    applies: (step) => browserError(step) === 'NotAllowedError',
    check: (step) =>
      ctx(step.after).problem === 'cancelled' &&
      (step.after.can({ type: 'passkey.start' }) ||
        step.after.can({ type: 'invite.accept', name: 'A', deviceName: '' }))
        ? null
        : `problem ${seen(ctx(step.after).problem)}`,
  },
  {
    id: 'spec-studio-2-not-allowed-said',
    section: 'studio-2',
    says: 'a passkey the server refuses is said as not allowed, never as signed in',
    applies: (step) => is('xstate.error.actor.verifyPasskey')(step) && errorStatus(step.event) === 401,
    check: (step) =>
      ctx(step.after).problem === 'notAllowed' && shows(step.after, 'signIn')
        ? null
        : `problem ${seen(ctx(step.after).problem)}`,
  },
  {
    id: 'spec-studio-2-rate-limited-said',
    section: 'studio-2',
    says: 'too many attempts (429) are said as such',
    applies: (step) => errorStatus(step.event) === 429,
    check: (step) =>
      ctx(step.after).problem === 'rateLimited' ? null : `problem ${seen(ctx(step.after).problem)}`,
  },
  {
    id: 'spec-studio-2-link-expired-said',
    section: 'studio-2',
    says: 'an emailed link used up or past its 15 minutes signs no one in, and says so with the way to the sign-in page',
    applies: (step) =>
      is('xstate.error.actor.verifyLink')(step) &&
      [400, 401, 404, 410].includes(errorStatus(step.event) ?? 0),
    check: (step) =>
      shows(step.after, 'linkFailed') &&
      ctx(step.after).problem === 'linkExpired' &&
      step.after.can({ type: 'link.back' })
        ? null
        : `shows ${seen(step.after.tags)}`,
  },
  {
    id: 'spec-studio-2-link-no-enumeration',
    section: 'studio-2',
    says: "asking for a link says the same whatever the address: a link is on its way if it is a staff member's",
    applies: is('xstate.done.actor.requestLink'),
    check: (step) =>
      shows(step.after, 'linkSent') && ctx(step.after).staff === null
        ? null
        : `shows ${seen(step.after.tags)}`,
  },
  {
    id: 'spec-studio-2-invite-registers-a-passkey',
    section: 'studio-2',
    says: 'an invite is accepted with a passkey the browser just made, never without one',
    applies: (step) => started(step, 'acceptInvite') !== undefined,
    check: (step) => {
      const sent = started(step, 'acceptInvite')?.input as { response?: unknown } | undefined;
      return is('xstate.done.actor.register')(step) && sent?.response === field(step.event, 'output')
        ? null
        : `accepted on ${step.event.type}`;
    },
  },
  {
    id: 'spec-studio-1-waits-in-words',
    section: 'studio-1',
    says: 'while the server or the authenticator is asked the page says it is waiting',
    applies: (step) => step.started.length > 0,
    check: (step) => (step.after.hasTag('loading') ? null : `no loading on ${seen(step.after.value)}`),
  },
];
