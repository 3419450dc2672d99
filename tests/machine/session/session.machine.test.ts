import { describe, expect, it } from 'vitest';
import { sessionMachine } from '../../../machines/session/session.machine.ts';
import { RequestError, serverRefused } from '../../../machines/session/session.types.ts';
import { REGISTRATION, user } from '../fixtures.ts';
import { Coverage, expectLoadingWhileCalling, expectSpecCovered, modelPaths, replay } from '../model.ts';

const member = user();

const samples = {
  'xstate.done.actor.readStoredUser': [
    { type: 'xstate.done.actor.readStoredUser', output: member },
    { type: 'xstate.done.actor.readStoredUser', output: null },
    // A stored copy without a session token: nothing to check, the visitor signs in anew, and that
    // sign-in is a new one (tracked; a lost answer then signs out rather than keeping a stored member).
    { type: 'xstate.done.actor.readStoredUser', output: user({ token: '' }) },
  ],
  'xstate.error.actor.readStoredUser': [
    { type: 'xstate.error.actor.readStoredUser', error: new Error('bad json') },
  ],
  'xstate.done.actor.fetchUser': [{ type: 'xstate.done.actor.fetchUser', output: member }],
  'xstate.error.actor.fetchUser': [
    { type: 'xstate.error.actor.fetchUser', error: new RequestError('Please sign in again', 401) },
    { type: 'xstate.error.actor.fetchUser', error: new RequestError('errors.cancelled', 0) },
    { type: 'xstate.error.actor.fetchUser', error: new RequestError('The database is away', 503) },
  ],
  'xstate.done.actor.login': [{ type: 'xstate.done.actor.login', output: 'login-token' }],
  'xstate.error.actor.login': [
    { type: 'xstate.error.actor.login', error: new Error('Invalid email or password') },
  ],
  'xstate.done.actor.register': [{ type: 'xstate.done.actor.register', output: member }],
  'xstate.error.actor.register': [
    { type: 'xstate.error.actor.register', error: new Error('Email already used') },
  ],
  'xstate.done.actor.logout': [{ type: 'xstate.done.actor.logout' }],
  'xstate.error.actor.logout': [{ type: 'xstate.error.actor.logout', error: new Error('offline') }],
  'auth.login': [{ type: 'auth.login', email: 'member@example.com', password: 'secret-pass' }],
  'auth.register': [REGISTRATION],
  'user.received': [{ type: 'user.received', user: user({ token: 'fresh-token' }) }],
};

// Every stored copy is read on some path (none, one to check, one without a token): they all leave
// through the same transitions, and only the first would get a path of its own.
const paths = modelPaths(sessionMachine, { samples, everySample: (event) => JSON.stringify(event) });

const coverage = new Coverage(sessionMachine);

describe('session machine, paths generated from the statechart', () => {
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_name, path) => {
    await replay(sessionMachine, path, {
      visited: coverage,
      check: (snapshot, step, effects) => {
        const names = effects.actions.map((action) => action.name);
        expectLoadingWhileCalling(snapshot, ['readStoredUser', 'login', 'register', 'fetchUser', 'logout']);
        if (snapshot.matches('signedIn')) {
          expect(snapshot.context.user).not.toBeNull();
          expect(names).toContain('storeUser');
        }
        if (step.event.type === 'xstate.error.actor.fetchUser') {
          const { error } = step.event as unknown as { error: unknown };
          const checkingStored = snapshot.context.stored?.token === snapshot.context.token;
          if (serverRefused(error) || !checkingStored) {
            expect(snapshot.context.user).toBeNull();
            expect(names).toContain('removeStoredUser');
          } else {
            // No answer is not the server saying no: the stored member stays.
            expect(snapshot.matches('waitingToRecheck')).toBe(true);
            expect(names).not.toContain('removeStoredUser');
          }
        }
        if (step.event.type === 'xstate.error.actor.login') {
          expect(snapshot.context.error).toBe('Invalid email or password');
        }
        if (
          step.event.type === 'auth.unauthorized' ||
          step.event.type.startsWith('xstate.done.actor.logout')
        ) {
          expect(snapshot.context.user).toBeNull();
          expect(names).toEqual(
            expect.arrayContaining([
              'resetStore',
              'clearSelectedOrder',
              'removeStoredUser',
              'stopEngagementTracker',
            ]),
          );
        }
        const type = step.event.type;
        if (type === 'xstate.error.actor.register') {
          expect(snapshot.context.error).toBe('Email already used');
        }
        if (type === 'xstate.error.actor.fetchUser' && snapshot.matches('signedOut')) {
          const { error } = step.event as unknown as { error: Error };
          expect(snapshot.context.error).toBe(error.message);
          expect(snapshot.context.token).toBeNull();
        }
        // Spec 7: analytics hear of a sign-up or a sign-in; a stored session confirmed again is neither.
        if (type === 'xstate.done.actor.register') {
          expect(names).toEqual(expect.arrayContaining(['identifyMember', 'trackSignUp']));
          expect(snapshot.context.user).toBe(member);
          expect(snapshot.context.token).toBe(member.token);
        }
        if (type === 'xstate.done.actor.fetchUser') {
          expect(snapshot.context.user).toBe(member);
          expect(names).toContain('identifyMember');
          const checkingStored = snapshot.context.stored?.token === snapshot.context.token;
          if (checkingStored) expect(names).not.toContain('trackSignIn');
          else expect(names).toContain('trackSignIn');
        }
        if (type === 'user.received') {
          expect(snapshot.matches('signedIn')).toBe(true);
          expect(snapshot.context.token).toBe('fresh-token');
          expect(snapshot.context.error).toBeNull();
          expect(names).toEqual(expect.arrayContaining(['storeUser', 'identifyMember']));
        }
        if (type === 'xstate.done.actor.readStoredUser') {
          const { output } = step.event as unknown as { output: typeof member | null };
          expect(snapshot.context.stored).toBe(output);
          expect(snapshot.context.token).toBe(output?.token ?? null);
        }
        if (type === 'xstate.error.actor.readStoredUser') expect(names).toContain('removeStoredUser');
        // Spec 2: Logout returns to Home; the modal's 'Not you? Log out' keeps the visitor where they are.
        if (type === 'auth.logout' || type === 'auth.logoutInModal') {
          expect(snapshot.matches('signingOut')).toBe(true);
        }
        if (type.startsWith('xstate.after.')) expect(snapshot.matches('fetchingUser')).toBe(true);
        if (type === 'user.received') {
          expect(snapshot.context.user).toBe((step.event as unknown as { user: unknown }).user);
        }
        if (type === 'auth.logout') expect(names).toContain('navigateHome');
        if (type === 'auth.logoutInModal') expect(names).not.toContain('navigateHome');
        if (type === 'auth.unauthorized') expect(snapshot.matches('signedOut')).toBe(true);
        if (type === 'auth.login' || type === 'auth.register') expect(snapshot.context.error).toBeNull();
        if (type.startsWith('xstate.done.actor.logout') || type.startsWith('xstate.error.actor.logout')) {
          expect(snapshot.matches('signedOut')).toBe(true);
          expect(snapshot.context.token).toBeNull();
        }
        if (snapshot.matches('loggingIn') && type === 'auth.login') {
          expect(effects.actors.find((a) => a.name === 'login')?.input).toEqual({
            email: 'member@example.com',
            password: 'secret-pass',
          });
        }
        if (snapshot.matches('registering') && type === 'auth.register') {
          expect(effects.actors.find((a) => a.name === 'register')?.input).toEqual({
            name: 'Member',
            email: 'member@example.com',
            password: 'secret-pass',
            currentRoute: '/',
            enableEmailVerification: true,
          });
        }
        if (snapshot.matches('signingOut')) {
          const started = effects.actors.filter((a) => a.name === 'logout').at(-1);
          if (started) expect(started.input).toEqual({ token: snapshot.context.token });
        }
        if (snapshot.matches('fetchingUser')) {
          const started = effects.actors.filter((a) => a.name === 'fetchUser').at(-1);
          expect(started?.input).toEqual({ token: snapshot.context.token });
        }
      },
    });
  });

  it('visits every state and every transition of the session machine', () => {
    expect(coverage.missing()).toEqual({ states: [], transitions: [] });
  });

  it('exercises every rule of the spec for the session machine', () => {
    expectSpecCovered(coverage);
  });

  it('fetches the user by the userToken that login returned', async () => {
    const path = paths.find((p) => p.steps.some((s) => s.event.type === 'xstate.done.actor.login'));
    expect(path).toBeDefined();
    if (!path) return;
    const effects = await replay(sessionMachine, path);
    const fetchedAfterLogin = effects.actors.filter((a) => a.name === 'fetchUser');
    expect(fetchedAfterLogin.at(-1)?.input).toEqual({ token: 'login-token' });
  });
});
