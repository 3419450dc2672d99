// The staff sign-in chart with its effects: the studio's API and the browser's WebAuthn, through
// @simplewebauthn/browser (which turns the server's JSON options into the browser's call and back).
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { fromPromise } from 'xstate';
import { staffSignInMachine } from '../../../machines/staff-sign-in/staff-sign-in.machine.ts';
import type { StaffView } from '../../../machines/staff-sign-in/staff-sign-in.types.ts';
import { studioApi, studioCall } from '../api.ts';

type AuthenticationOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];
type RegistrationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];
type AuthenticationAnswer = Awaited<ReturnType<typeof startAuthentication>>;
type RegistrationAnswer = Awaited<ReturnType<typeof startRegistration>>;

export const staffSignInFlow = staffSignInMachine.provide({
  actors: {
    passkeyOptions: fromPromise(
      async (): Promise<unknown> =>
        (await studioCall(studioApi.POST('/api/studio/sign-in/passkey/options'))).options,
    ),
    authenticate: fromPromise(
      async ({ input }: { input: { options: unknown } }): Promise<unknown> =>
        startAuthentication({ optionsJSON: input.options as AuthenticationOptions }),
    ),
    verifyPasskey: fromPromise(
      async ({ input }: { input: { response: unknown } }): Promise<StaffView> =>
        (
          await studioCall(
            studioApi.POST('/api/studio/sign-in/passkey', {
              body: { response: input.response as AuthenticationAnswer as never },
            }),
          )
        ).staff,
    ),
    requestLink: fromPromise(async ({ input }: { input: { email: string } }) => {
      await studioCall(studioApi.POST('/api/studio/sign-in/link', { body: { email: input.email } }));
    }),
    verifyLink: fromPromise(
      async ({ input }: { input: { token: string } }): Promise<StaffView> =>
        (
          await studioCall(
            studioApi.POST('/api/studio/sign-in/link/verify', { body: { token: input.token } }),
          )
        ).staff,
    ),
    readInvite: fromPromise(
      async ({ input }: { input: { token: string } }) =>
        (
          await studioCall(
            studioApi.GET('/api/studio/invites/{token}', { params: { path: { token: input.token } } }),
          )
        ).invite,
    ),
    inviteOptions: fromPromise(
      async ({ input }: { input: { token: string; name: string } }): Promise<unknown> =>
        (
          await studioCall(
            studioApi.POST('/api/studio/invites/{token}/passkey/options', {
              params: { path: { token: input.token } },
              body: { name: input.name },
            }),
          )
        ).options,
    ),
    register: fromPromise(
      async ({ input }: { input: { options: unknown } }): Promise<unknown> =>
        startRegistration({ optionsJSON: input.options as RegistrationOptions }),
    ),
    acceptInvite: fromPromise(
      async ({
        input,
      }: {
        input: { token: string; name: string; deviceName: string; response: unknown };
      }): Promise<StaffView> =>
        (
          await studioCall(
            studioApi.POST('/api/studio/invites/{token}/passkey', {
              params: { path: { token: input.token } },
              body: {
                name: input.name,
                response: input.response as RegistrationAnswer as never,
                ...(input.deviceName ? { deviceName: input.deviceName } : {}),
              },
            }),
          )
        ).staff,
    ),
  },
});
