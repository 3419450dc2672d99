/**
 * A staff member's way into the studio: a passkey, or a one-time link emailed to them when no passkey
 * is at hand, and the acceptance of an invite, which registers their first passkey.
 *
 * Lifecycle: the sign-in page offers the passkey first. The page asks the server for the ceremony's
 * options, the browser asks the authenticator (the person confirms with a fingerprint, a face or a
 * PIN, or cancels), and the server checks the answer and opens a session. "Email me a link" asks the
 * server to send one (it answers alike whether or not the address is staff's, so it says "if the
 * address is a staff member's"); the link's page verifies its token once. An invite's page reads the
 * invite (whose, which role), takes the person's name, and registers a passkey the same way.
 *
 * Why it is shaped so: every refusal is a state the person sees with its reason, since a sign-in that
 * silently does nothing reads as broken: the prompt closed or timed out (browsers report both alike,
 * on purpose, so a page cannot learn which passkeys exist), the passkey refused, too many attempts, a
 * link or invite used up or expired. The server alone decides who is staff; the chart holds no rule of
 * its own, only the server's and the browser's answers.
 */
import { staffSignInSetup } from './staff-sign-in.setup.ts';

export const staffSignInMachine = staffSignInSetup.createMachine({
  id: 'staffSignIn',
  description:
    'A staff member signs in with a passkey, or with a link emailed to them; an invited person names themselves and registers their first passkey. Every refusal is said with its reason.',
  meta: {
    guards: {
      startsAtSignIn: 'The sign-in page, not a link or an invite.',
      startsAtLink: "An emailed sign-in link's page.",
      anEmail: 'The address typed has the shape of an email address.',
      aName: 'The invited person typed a name.',
    },
    delays: {},
  },
  context: ({ input }) => ({
    start: input.start,
    token: input.start === 'signIn' ? null : input.token,
    invite: null,
    options: null,
    name: '',
    deviceName: '',
    email: '',
    staff: null,
    problem: null,
    message: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Which page the flow started on.',
      always: [
        { guard: 'startsAtSignIn', target: 'choosing', description: 'The sign-in page.' },
        { guard: 'startsAtLink', target: 'verifyingLink', description: "An emailed link's page." },
        { target: 'readingInvite', description: "An invite's page." },
      ],
    },
    choosing: {
      description:
        "The sign-in page: 'Sign in with a passkey' and 'Email me a link', with the last problem if any.",
      tags: ['view:signIn'],
      on: {
        'passkey.start': {
          target: 'askingOptions',
          actions: 'forgetProblem',
          description: "The person presses 'Sign in with a passkey'.",
        },
        'link.request': {
          guard: 'anEmail',
          target: 'requestingLink',
          actions: ['forgetProblem', 'keepEmail'],
          description: "The person types their address and presses 'Email me a link'.",
        },
      },
    },
    askingOptions: {
      description: 'Asks the server for a challenge to sign.',
      tags: ['loading', 'view:signIn'],
      invoke: {
        id: 'passkeyOptions',
        src: 'passkeyOptions',
        onDone: { target: 'authenticating', actions: 'keepOptions', description: 'The challenge.' },
        onError: {
          target: 'choosing',
          actions: 'keepPasskeyProblem',
          description: 'Refused (too many attempts) or no answer: said on the sign-in page.',
        },
      },
    },
    authenticating: {
      description: "The browser's passkey prompt is open; the page says to follow it.",
      tags: ['loading', 'view:signIn', 'view:prompt'],
      invoke: {
        id: 'authenticate',
        src: 'authenticate',
        input: ({ context }) => ({ options: context.options }),
        onDone: { target: 'verifying', description: 'The authenticator signed the challenge.' },
        onError: {
          target: 'choosing',
          actions: 'keepPasskeyProblem',
          description: 'The person cancelled, the prompt timed out, or the browser refused.',
        },
      },
    },
    verifying: {
      description: 'The server checks the signed challenge.',
      tags: ['loading', 'view:signIn'],
      invoke: {
        id: 'verifyPasskey',
        src: 'verifyPasskey',
        input: ({ event }) => ({ response: (event as { output?: unknown }).output }),
        onDone: { target: 'signedIn', actions: 'keepStaff', description: 'A session is open.' },
        onError: {
          target: 'choosing',
          actions: 'keepPasskeyProblem',
          description: 'The server refused the passkey (unknown, removed, too many attempts).',
        },
      },
    },
    requestingLink: {
      description: 'Asks the server to email a one-time link.',
      tags: ['loading', 'view:signIn'],
      invoke: {
        id: 'requestLink',
        src: 'requestLink',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'linkSent', description: "Sent, if the address is a staff member's." },
        onError: {
          target: 'choosing',
          actions: 'keepPasskeyProblem',
          description: 'Too many requests, or no answer.',
        },
      },
    },
    linkSent: {
      description: "The page says a link is on its way if the address is a staff member's, valid 15 minutes.",
      tags: ['view:linkSent'],
      on: { 'link.back': { target: 'choosing', description: 'The person goes back to the sign-in page.' } },
    },
    verifyingLink: {
      description: "An emailed link's page: the server checks its token.",
      tags: ['loading', 'view:link'],
      invoke: {
        id: 'verifyLink',
        src: 'verifyLink',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'signedIn', actions: 'keepStaff', description: 'A session is open.' },
        onError: {
          target: 'linkFailed',
          actions: 'keepLinkProblem',
          description: 'The link is used up or expired, too many attempts, or no answer.',
        },
      },
    },
    linkFailed: {
      description: 'The page says why the link did not sign the person in, and leads to the sign-in page.',
      tags: ['view:linkFailed'],
      on: {
        'link.back': {
          target: 'choosing',
          actions: 'forgetProblem',
          description: 'The person goes to the sign-in page.',
        },
      },
    },
    readingInvite: {
      description: "An invite's page: the server says whose invite it is.",
      tags: ['loading', 'view:invite'],
      invoke: {
        id: 'readInvite',
        src: 'readInvite',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'invited', actions: 'keepInvite', description: 'The invite, still open.' },
        onError: {
          target: 'inviteFailed',
          actions: 'keepLinkProblem',
          description: 'Used, expired or unknown; or no answer.',
        },
      },
    },
    inviteFailed: {
      description: 'The page says the invite cannot be used, and to ask the owner for another.',
      tags: ['view:inviteFailed'],
      on: {
        retry: {
          target: 'readingInvite',
          actions: 'forgetProblem',
          description: 'The person tries again (after no answer).',
        },
      },
    },
    invited: {
      description:
        "The invite (the site, the role, the address) with the person's name and 'Create my passkey'.",
      tags: ['view:invite'],
      on: {
        'invite.accept': {
          guard: 'aName',
          target: 'askingRegistration',
          actions: ['forgetProblem', 'keepNames'],
          description: "The person types their name and presses 'Create my passkey'.",
        },
      },
    },
    askingRegistration: {
      description: 'Asks the server for the options of a new passkey.',
      tags: ['loading', 'view:invite'],
      invoke: {
        id: 'inviteOptions',
        src: 'inviteOptions',
        input: ({ context }) => ({ token: context.token ?? '', name: context.name }),
        onDone: { target: 'registering', actions: 'keepOptions', description: 'The options.' },
        onError: {
          target: 'invited',
          actions: 'keepLinkProblem',
          description: 'Refused (used, expired, too many attempts) or no answer.',
        },
      },
    },
    registering: {
      description: "The browser's prompt to create a passkey is open.",
      tags: ['loading', 'view:invite', 'view:prompt'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({ options: context.options }),
        onDone: { target: 'accepting', description: 'The authenticator made a passkey.' },
        onError: {
          target: 'invited',
          actions: 'keepPasskeyProblem',
          description: 'The person cancelled, the prompt timed out, or the browser refused.',
        },
      },
    },
    accepting: {
      description: 'The server keeps the passkey and makes the account.',
      tags: ['loading', 'view:invite'],
      invoke: {
        id: 'acceptInvite',
        src: 'acceptInvite',
        input: ({ context, event }) => ({
          token: context.token ?? '',
          name: context.name,
          deviceName: context.deviceName,
          response: (event as { output?: unknown }).output,
        }),
        onDone: { target: 'signedIn', actions: 'keepStaff', description: 'The account and a session.' },
        onError: {
          target: 'invited',
          actions: 'keepLinkProblem',
          description: 'Refused (used, expired) or no answer.',
        },
      },
    },
    signedIn: {
      description: 'Signed in: the page opens the studio.',
      tags: ['view:signedIn'],
      type: 'final',
    },
  },
  output: ({ context }) => ({ staff: context.staff }),
});
