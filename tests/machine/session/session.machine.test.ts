import { describe, expect, it, vi } from 'vitest';
import {
  type AnyActorLogic,
  type AnyEventObject,
  createActor,
  fromCallback,
  fromPromise,
  SimulatedClock,
  setup,
  waitFor,
} from 'xstate';
import { sessionMachine } from '../../../machines/session/session.machine.ts';
import { RequestError, serverRefused } from '../../../machines/session/session.types.ts';
import { reportOf, sessionReports } from '../../../machines/session/session-reports.ts';
import { RULES } from '../../spec/oracle.ts';
import { sessionRules } from '../../spec/session.rules.ts';
import { user } from '../fixtures.ts';
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
  'auth.register': [
    {
      type: 'auth.register',
      name: 'Member',
      email: 'member@example.com',
      password: 'secret-pass',
      currentRoute: '/',
      enableEmailVerification: true,
    },
  ],
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

describe('the signup modal hears how its login or signup ended (spec 8)', () => {
  const run = (actors: Parameters<typeof sessionMachine.provide>[0]['actors']) => {
    const received: { type: string; message?: string }[] = [];
    const parent = setup({
      actors: {
        signupModal: fromCallback<{ type: string; message?: string }>(({ receive }) => {
          receive((event) => received.push(event));
        }),
        session: sessionMachine.provide({
          actors: { readStoredUser: fromPromise<typeof member | null>(async () => null), ...actors },
        }),
      },
    }).createMachine({
      invoke: [
        { id: 'signupModal', src: 'signupModal', systemId: 'signupModal' },
        { id: 'session', src: 'session', systemId: 'session' },
      ],
    });
    const actor = createActor(parent).start();
    return { session: actor.system.get('session'), received };
  };
  const login = { type: 'auth.login', email: 'member@example.com', password: 'secret-pass' } as const;

  it('a login whose user is fetched: succeeded', async () => {
    const { session, received } = run({
      login: fromPromise(async () => 'login-token'),
      fetchUser: fromPromise(async () => member),
    });
    await waitFor(session, (s) => s.matches('signedOut'));
    session.send(login);
    await waitFor(session, (s) => s.matches('signedIn'));
    expect(received.map((e) => e.type)).toEqual(['auth.succeeded']);
  });

  it('a login whose user is refused: failed, with the message', async () => {
    const { session, received } = run({
      login: fromPromise(async () => 'login-token'),
      fetchUser: fromPromise(async (): Promise<typeof member> => {
        throw new RequestError('Please sign in again', 401);
      }),
    });
    await waitFor(session, (s) => s.matches('signedOut'));
    session.send(login);
    await waitFor(session, () => received.length > 0);
    expect(received).toEqual([{ type: 'auth.failed', message: 'Please sign in again' }]);
  });

  it("a refused signup: failed, with the server's message", async () => {
    const { session, received } = run({
      register: fromPromise(async (): Promise<typeof member> => {
        throw new Error('Email already used');
      }),
    });
    await waitFor(session, (s) => s.matches('signedOut'));
    session.send({
      type: 'auth.register',
      name: 'Member',
      email: 'member@example.com',
      password: 'secret-pass',
      currentRoute: '/',
      enableEmailVerification: true,
    });
    await waitFor(session, () => received.length > 0);
    expect(received).toEqual([{ type: 'auth.failed', message: 'Email already used' }]);
  });

  it('a stored session confirmed by the server: succeeded', async () => {
    const { session, received } = run({
      readStoredUser: fromPromise<typeof member | null>(async () => member),
      fetchUser: fromPromise(async () => member),
    });
    await waitFor(session, (s) => s.matches('signedIn'));
    expect(received.map((e) => e.type)).toEqual(['auth.succeeded']);
  });
});

describe('session wiring', () => {
  it("is judged by the spec's session rules: the rules are found by the machine's id", () => {
    expect(RULES[sessionMachine.id]).toBe(sessionRules);
  });

  it.each([
    ['readStoredUser', undefined],
    ['fetchUser', { token: 'session-token' }],
    ['login', { email: 'member@example.com', password: 'secret-pass' }],
    ['register', { name: 'Member', email: 'member@example.com', password: 'secret-pass' }],
    ['logout', { token: 'session-token' }],
  ])('fails loudly, naming %s, when the app does not provide it', async (name, input) => {
    const placeholder = sessionMachine.implementations.actors[name] as AnyActorLogic;
    const actor = createActor(placeholder, { input });
    const failed = new Promise<unknown>((resolve) => actor.subscribe({ error: resolve }));
    actor.start();
    expect(String(await failed)).toMatch(new RegExp(`${name} must be provided`));
  });

  it('sends no reply when no signup modal asked (a login from elsewhere, a restored session)', async () => {
    const sent: AnyEventObject[] = [];
    const session = createActor(
      sessionMachine.provide({
        actors: {
          readStoredUser: fromPromise<typeof member | null>(async () => null),
          login: fromPromise<string, { email: string; password: string }>(async () => {
            throw new Error('Invalid email or password');
          }),
        },
      }),
      {
        inspect: (event) => {
          if (event.type === '@xstate.event' && event.sourceRef) sent.push(event.event);
        },
      },
    ).start();
    await waitFor(session, (s) => s.matches('signedOut'));
    session.send({ type: 'auth.login', email: 'member@example.com', password: 'secret-pass' });
    await waitFor(session, (s) => s.matches('signedOut') && s.context.error !== null);
    expect(sent.map((event) => event.type).filter((type) => type.startsWith('auth.'))).toEqual([]);
  });
});

describe('a user handed over by another flow', () => {
  it('signs the visitor in with the fresh token (email verification)', async () => {
    const fresh = user({ token: 'fresh-token' });
    const session = createActor(
      sessionMachine.provide({
        actors: { readStoredUser: fromPromise<typeof member | null>(async () => null) },
      }),
    ).start();
    await waitFor(session, (s) => s.matches('signedOut'));
    session.send({ type: 'user.received', user: fresh });
    expect(session.getSnapshot().matches('signedIn')).toBe(true);
    expect(session.getSnapshot().context).toMatchObject({ user: fresh, token: 'fresh-token' });
  });
});

describe('a stored member the server could not be asked about', () => {
  const start = (answers: (() => Promise<typeof member>)[]) => {
    const clock = new SimulatedClock();
    const fetched: string[] = [];
    const ran: string[] = [];
    const logout: { token: string }[] = [];
    const session = createActor(
      sessionMachine.provide({
        actors: {
          readStoredUser: fromPromise<typeof member | null>(async () => member),
          fetchUser: fromPromise<typeof member, { token: string }>(async ({ input }) => {
            fetched.push(input.token);
            const answer = answers.shift();
            if (!answer) throw new Error('no more answers');
            return answer();
          }),
          logout: fromPromise<void, { token: string }>(async ({ input }) => void logout.push(input)),
        },
        actions: { navigateHome: () => void ran.push('navigateHome') },
      }),
      { clock },
    ).start();
    return { session, clock, fetched, ran, logout };
  };
  const noAnswer = async (): Promise<typeof member> => {
    throw new RequestError('errors.network', 0);
  };

  it('is asked about again 5 s later, not before, and then signed in', async () => {
    const { session, clock, fetched } = start([noAnswer, async () => member]);
    await waitFor(session, (s) => s.matches('waitingToRecheck'));
    clock.increment(4_999);
    await Promise.resolve();
    expect(fetched).toEqual([member.token]);
    clock.increment(1);
    await waitFor(session, (s) => s.matches('signedIn'));
    expect(fetched).toEqual([member.token, member.token]);
  });

  it('can log out meanwhile: the token is revoked and Home is shown', async () => {
    const { session, ran, logout } = start([noAnswer]);
    await waitFor(session, (s) => s.matches('waitingToRecheck'));
    session.send({ type: 'auth.logout' });
    await waitFor(session, (s) => s.matches('signedOut'));
    expect(logout).toEqual([{ token: member.token }]);
    expect(ran).toEqual(['navigateHome']);
  });

  it("can log out from the modal's account view meanwhile, staying where they are", async () => {
    const { session, ran, logout } = start([noAnswer]);
    await waitFor(session, (s) => s.matches('waitingToRecheck'));
    session.send({ type: 'auth.logoutInModal' });
    await waitFor(session, (s) => s.matches('signedOut'));
    expect(logout).toEqual([{ token: member.token }]);
    expect(ran).toEqual([]);
  });
});

describe('what the session reports to the flows that follow it', () => {
  /** A flow that follows the session while it is `following`, and records what it hears. */
  const follower = (heard: AnyEventObject[]) =>
    setup({ actors: { sessionReports } }).createMachine({
      initial: 'following',
      on: { 'session.changed': { actions: ({ event }) => void heard.push(event) } },
      states: {
        following: { invoke: { src: 'sessionReports' }, on: { stop: 'done' } },
        done: {},
      },
    });
  const signedInSession = (logout: () => Promise<void>) =>
    sessionMachine.provide({
      actors: {
        readStoredUser: fromPromise<typeof member | null>(async () => member),
        fetchUser: fromPromise<typeof member, { token: string }>(async () => member),
        logout: fromPromise<void, { token: string }>(logout),
      },
    });

  it('a member signing out is settled: known, and still shown until the session is cleared', async () => {
    const session = createActor(signedInSession(() => new Promise<void>(() => {}))).start();
    await waitFor(session, (s) => s.matches('signedIn'));
    session.send({ type: 'auth.logout' });
    expect(reportOf(session.getSnapshot())).toEqual({
      type: 'session.changed',
      settled: true,
      known: true,
      user: member,
    });
  });

  it('reports nothing, and does not fail, when the system has no session', () => {
    const heard: AnyEventObject[] = [];
    const actor = createActor(follower(heard)).start();
    expect(actor.getSnapshot().status).toBe('active');
    expect(heard).toEqual([]);
  });

  it('lets go of the session once the flow that followed it has moved on', async () => {
    const app = setup({
      actors: { session: signedInSession(async () => {}), sessionReports },
    }).createMachine({
      invoke: { id: 'session', src: 'session', systemId: 'session' },
      initial: 'idle',
      states: {
        idle: { on: { follow: 'following' } },
        following: { invoke: { src: 'sessionReports' }, on: { stop: 'idle' } },
      },
    });
    const actor = createActor(app).start();
    const session = actor.system.get('session');
    const subscribe = session.subscribe.bind(session);
    const open: unknown[] = [];
    vi.spyOn(session, 'subscribe').mockImplementation(((observer: Parameters<typeof subscribe>[0]) => {
      const subscription = subscribe(observer);
      open.push(subscription);
      return {
        unsubscribe: () => {
          open.splice(open.indexOf(subscription), 1);
          subscription.unsubscribe();
        },
      };
    }) as typeof session.subscribe);
    actor.send({ type: 'follow' });
    expect(open).toHaveLength(1);
    actor.send({ type: 'stop' });
    expect(open).toEqual([]);
  });

  it('stops reporting once the flow that followed the session has moved on', async () => {
    const heard: AnyEventObject[] = [];
    const app = setup({
      actors: { session: signedInSession(async () => {}), follower: follower(heard) },
    }).createMachine({
      invoke: [
        { id: 'session', src: 'session', systemId: 'session' },
        { id: 'follower', src: 'follower' },
      ],
    });
    const actor = createActor(app).start();
    const session = actor.system.get('session');
    await waitFor(session, (s) => s.matches('signedIn'));
    const settled = heard.filter((event) => event.settled);
    expect(settled.at(-1)).toMatchObject({ settled: true, user: member });
    actor.getSnapshot().children.follower?.send({ type: 'stop' });
    const before = heard.length;
    session.send({ type: 'auth.logout' });
    await waitFor(session, (s) => s.matches('signedOut'));
    expect(heard.length).toBe(before);
  });
});
