/**
 * The member's session: the one long-lived actor of the app (`systemId: 'session'`), started at the
 * root and read by every screen.
 *
 * Lifecycle: on start it reads the stored user (`pcc-user`); one with a token is fetched again, so a
 * revoked or expired session never shows as signed in. Login returns only a `userToken`, so the user
 * is then fetched with it; register returns the user directly. A failed or unsuccessful fetch clears
 * the user and the stored copy. Logout (and a 401 from any call, turned into `auth.unauthorized` by
 * the HTTP client's hook) resets the store, clears the selected order and subscription, removes the
 * stored user and stops the engagement tracker; a signed-in member is then taken Home, so no screen
 * goes on showing a member who is no longer there. 'Not you? Log out' in the modal's account view
 * (`auth.logoutInModal`) signs out the same way but stays where it is: the modal shows its forms. Each time the user becomes known the member is
 * identified to the engagement service; a sign-up and a sign-in are tracked, a restored session is not.
 *
 * Why it is shaped so: the session is the single owner of the user. Other flows never copy it for
 * long; they ask the session to sign in (`auth.login`, `auth.register`) and receive the outcome as
 * `auth.succeeded` / `auth.failed`, sent to the actor registered as `signupModal` when there is one.
 * Flows that obtain a user by other means (email verification) hand it over with `user.received`.
 */
import { and, assertEvent, assign, not } from 'xstate';
import { messageOf, sessionSetup, signOut } from './session.setup.ts';

export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  description: 'Who is signed in, restored from the stored user and kept in sync with the server.',
  meta: {
    guards: {
      hasToken: 'The stored user exists and carries a session token.',
      checkingStoredCopy: 'The fetch was checking the copy stored under `pcc-user`.',
      serverRefused:
        'The server answered with a refusal (4xx): not a network error, timeout or cancelled request.',
    },
    delays: { RECHECK_DELAY: 'How long a stored member waits before the server is asked again.' },
  },
  context: { user: null, stored: null, token: null, error: null },
  initial: 'restoring',
  on: {
    'auth.unauthorized': {
      target: '.signedOut',
      description: 'A call made with the token answered 401: the member is signed out.',
      actions: [...signOut],
    },
    'user.received': {
      target: '.signedIn',
      description: 'Another flow (email verification) obtained the user with a fresh session token.',
      actions: [
        assign({ user: ({ event }) => event.user, token: ({ event }) => event.user.token, error: null }),
        'storeUser',
        'identifyMember',
      ],
    },
  },
  states: {
    restoring: {
      description: 'Reads the user stored under `pcc-user`.',
      tags: ['loading'],
      invoke: {
        id: 'readStoredUser',
        src: 'readStoredUser',
        onDone: {
          target: 'restored',
          description: 'Keeps the stored copy aside: the user shows once the server confirms it.',
          actions: assign({
            token: ({ event }) => event.output?.token ?? null,
            stored: ({ event }) => event.output,
          }),
        },
        onError: {
          target: 'signedOut',
          description: 'The stored copy is unreadable.',
          actions: 'removeStoredUser',
        },
      },
    },
    restored: {
      description: 'Decides whether the stored session is worth checking.',
      always: [
        {
          guard: 'hasToken',
          target: 'fetchingUser',
          description: 'A stored user with a token is fetched again with it.',
        },
        { target: 'signedOut', description: 'Nothing usable is stored: the visitor is signed out.' },
      ],
    },
    signedOut: {
      description: 'A visitor: no user.',
      on: {
        'auth.login': {
          target: 'loggingIn',
          description: 'The visitor submits the login form.',
          actions: assign({ error: null }),
        },
        'auth.register': {
          target: 'registering',
          description: 'The visitor submits the signup form.',
          actions: assign({ error: null }),
        },
      },
    },
    loggingIn: {
      description: 'Sends the email and password; the server answers with a `userToken`.',
      tags: ['loading'],
      invoke: {
        id: 'login',
        src: 'login',
        // loggingIn is entered only by auth.login: the assertion narrows the event, with no fallback to test.
        input: ({ event }) => {
          assertEvent(event, 'auth.login');
          return { email: event.email, password: event.password };
        },
        onDone: {
          target: 'fetchingUser',
          description: 'Login succeeded: the user is fetched by the returned `userToken`.',
          actions: assign({ token: ({ event }) => event.output }),
        },
        onError: {
          target: 'signedOut',
          description: "Login failed: the server's message is kept and passed on as sent.",
          actions: [assign({ error: ({ event }) => messageOf(event.error) }), 'replyToRequester'],
        },
      },
    },
    registering: {
      description: 'Creates the account; the server answers with the new user and its session token.',
      tags: ['loading'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ event }) => {
          assertEvent(event, 'auth.register');
          const { type: _type, ...details } = event;
          return details;
        },
        onDone: {
          target: 'signedIn',
          description: 'The account exists: the member is signed in.',
          actions: [
            assign({ user: ({ event }) => event.output, token: ({ event }) => event.output.token }),
            'storeUser',
            'identifyMember',
            'trackSignUp',
            'replyToRequester',
          ],
        },
        onError: {
          target: 'signedOut',
          description: "Register failed: the server's message is kept and passed on as sent.",
          actions: [assign({ error: ({ event }) => messageOf(event.error) }), 'replyToRequester'],
        },
      },
    },
    fetchingUser: {
      description: 'Fetches the user with the session token.',
      tags: ['loading'],
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        // Stryker disable next-line StringLiteral: fetchingUser is entered only with a token (hasToken, a login's token, a recheck).
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          {
            guard: 'checkingStoredCopy',
            target: 'signedIn',
            description:
              'The stored session still holds: the member is signed in again, stored afresh, and not counted as a new sign-in.',
            actions: [
              assign({ user: ({ event }) => event.output }),
              'storeUser',
              'identifyMember',
              'replyToRequester',
            ],
          },
          {
            target: 'signedIn',
            description: 'The user is signed in and stored under `pcc-user`.',
            actions: [
              assign({ user: ({ event }) => event.output }),
              'storeUser',
              'identifyMember',
              'trackSignIn',
              'replyToRequester',
            ],
          },
        ],
        onError: [
          {
            guard: and([not('serverRefused'), 'checkingStoredCopy']),
            target: 'waitingToRecheck',
            description:
              'No answer (offline, a timeout, the page being left): the stored member stays, and the server is asked again later.',
          },
          {
            target: 'signedOut',
            description: 'A refused or failed fetch clears the user and the stored copy.',
            actions: [
              'clearUser',
              'removeStoredUser',
              assign({ error: ({ event }) => messageOf(event.error) }),
              'replyToRequester',
            ],
          },
        ],
      },
    },
    waitingToRecheck: {
      description:
        'The stored member could not be checked: the screens keep showing the stored copy until the server answers.',
      after: { RECHECK_DELAY: { target: 'fetchingUser', description: 'Asks the server again.' } },
      on: {
        'auth.logout': {
          target: 'signingOut',
          description: 'The member chooses Logout and is taken Home.',
          actions: 'navigateHome',
        },
        'auth.logoutInModal': {
          target: 'signingOut',
          description: "The member presses 'Not you? Log out' in the modal: signed out where they are.",
        },
      },
    },
    signedIn: {
      description: 'A member: the user is known and stored.',
      on: {
        'auth.logout': {
          target: 'signingOut',
          description: 'The member chooses Logout and is taken Home.',
          actions: 'navigateHome',
        },
        'auth.logoutInModal': {
          target: 'signingOut',
          description:
            "The member presses 'Not you? Log out' in the modal's account view: signed out where they are, so someone else can sign in.",
        },
        'auth.unauthorized': {
          target: 'signedOut',
          description:
            'A call made with the token answered 401 (the session was revoked elsewhere): the member is signed out and taken Home.',
          actions: [...signOut, 'navigateHome'],
        },
      },
    },
    signingOut: {
      description: 'Revokes the session token on the server; the outcome does not matter.',
      tags: ['loading'],
      invoke: {
        id: 'logout',
        src: 'logout',
        // Stryker disable next-line StringLiteral: signingOut is entered only by a member, who has a token.
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: {
          target: 'signedOut',
          actions: [...signOut],
          description: 'Revoked: the local session is cleared.',
        },
        onError: {
          target: 'signedOut',
          actions: [...signOut],
          description: 'Revocation failed (offline): the local session is cleared all the same.',
        },
      },
    },
  },
});
