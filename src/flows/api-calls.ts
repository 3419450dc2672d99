// The trainer API calls the flows make, each turning a failed result into a RequestError carrying the
// server's message (or the client's generic key) and the status, which is what the machines' error
// transitions read.

import type { User } from '../../domain/api-types.ts';
import type { StartCheckoutInput } from '../../machines/checkout/checkout.types.ts';
import { VERIFY_EMAIL_ERROR } from '../../machines/email-verification/email-verification.types.ts';
import { type RegisterDetails, RequestError } from '../../machines/session/session.types.ts';
import { type ApiClient, type ApiResult, call } from '../api/client.ts';

function dataOf<T>(result: ApiResult<T>): T {
  if (!result.ok) throw new RequestError(result.message, result.status);
  return result.data;
}

/** The user for `token`, or for the client's own session token when none is given. */
export async function fetchUser(api: ApiClient, token?: string): Promise<User> {
  return dataOf(await call(api.GET('/api/user', token ? { headers: { token } } : {}))).user;
}

export async function login(api: ApiClient, email: string, password: string): Promise<string> {
  return dataOf(await call(api.POST('/api/user/login', { body: { email, password } }))).userToken;
}

export async function register(api: ApiClient, details: RegisterDetails): Promise<User> {
  const data = dataOf(
    await call(api.POST('/api/user/register', { body: { ...details, os_type: 'Unknown' } })),
  );
  return { ...data.user, token: data.token };
}

export async function logout(api: ApiClient, token: string): Promise<void> {
  dataOf(await call(api.POST('/api/user/logout', { headers: { token } })));
}

export async function requestPasswordReset(api: ApiClient, email: string): Promise<void> {
  dataOf(await call(api.POST('/api/user/forgot-password', { body: { email } })));
}

export async function resendVerification(api: ApiClient): Promise<void> {
  dataOf(await call(api.POST('/api/user/resend-verification')));
}

/** Marks the email verified with the link's token; the user keeps the session token fetched before. */
export async function markEmailVerified(api: ApiClient, user: User, token: string): Promise<User> {
  const result = await call(
    api.PUT('/api/user/{userID}', {
      params: { path: { userID: user._id } },
      headers: { token },
      body: { user: { email_verified: true } },
    }),
  );
  if (!result.ok) throw new Error(VERIFY_EMAIL_ERROR);
  return { ...result.data.user, token: user.token };
}

export async function startCheckoutSession(api: ApiClient, input: StartCheckoutInput): Promise<string> {
  const result = await call(
    api.POST('/api/user/startGatewayStripeSession', {
      params: { query: input.coupon ? { coupon: input.coupon } : {} },
      body: { prices: input.prices, route: input.route, campaign: input.campaign },
    }),
  );
  return dataOf(result).url;
}
