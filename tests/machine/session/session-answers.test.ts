import { describe, expect, it } from 'vitest';
import {
  type AnyActorLogic,
  type AnyEventObject,
  createActor,
  fromCallback,
  fromPromise,
  setup,
  waitFor,
} from 'xstate';
import { sessionMachine } from '../../../machines/session/session.machine.ts';
import { RequestError } from '../../../machines/session/session.types.ts';
import { RULES } from '../../spec/oracle.ts';
import { sessionRules } from '../../spec/session.rules.ts';
import { REGISTRATION, user } from '../fixtures.ts';

const member = user();

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
    session.send(REGISTRATION);
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
