import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromPromise, SimulatedClock, setup, waitFor } from 'xstate';
import { sessionMachine } from '../../../machines/session/session.machine.ts';
import { RequestError } from '../../../machines/session/session.types.ts';
import { reportOf, sessionReports } from '../../../machines/session/session-reports.ts';
import { user } from '../fixtures.ts';

const member = user();

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
