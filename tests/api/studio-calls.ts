// The studio's calls as the studio's pages make them: the session in the `studio_session` cookie,
// the site's own Origin on every call, each answer checked against the contract. A staff member is
// made the way the operator makes the first owner: an invitation through the admin API, its emailed
// link read from the dev mailbox, a passkey registered by the software authenticator.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { OperationId } from '../../server/http/contract.ts';
import type { TestApp } from './app.ts';
import { type AnswerBody, expectContract } from './contract.ts';
import { lastMailTo } from './members.ts';
import { SoftwareAuthenticator } from './studio-authenticator.ts';

export const ORIGIN = 'http://site.test';
export const ADMIN_TOKEN = 'studio-admin-token-long-enough-0123456789';
export const ADMIN = { 'admin-token': ADMIN_TOKEN, 'admin-actor': 'Operator Olga' };

export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  const cookie = (res.cookies as { name: string; value: string }[]).find((c) => c.name === 'studio_session');
  return cookie?.value || undefined;
}

export interface StudioCall {
  op: OperationId;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  cookie?: string | undefined;
  headers?: Record<string, string>;
}

export function studioCalls(app: () => TestApp) {
  return async ({ op, method, url, payload, cookie, headers = {} }: StudioCall) => {
    const res = await app().app.inject({
      method,
      url,
      headers: {
        origin: ORIGIN,
        ...(cookie && { cookie: `studio_session=${cookie}` }),
        ...headers,
      },
      ...(payload !== undefined && { payload: payload as object }),
    });
    return { res, body: expectContract(res, op) as AnswerBody };
  };
}

export interface Staff {
  id: string;
  email: string;
  cookie: string;
  authenticator: SoftwareAuthenticator;
}

/** Invites through the admin API and returns the invitation's token from the emailed link. */
export async function invite(t: TestApp, trainerId: string, email: string, role: 'owner' | 'coach') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/trainers/${trainerId}/staff/invites`,
    headers: ADMIN,
    payload: { email, role },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { token, url } = await lastMailTo(t.app, email);
  expect(url.pathname).toBe('/studio/invite');
  return token;
}

/** Accepts an invitation with a new passkey on a new authenticator: the staff member, signed in. */
export async function accept(t: TestApp, token: string, name: string): Promise<Staff> {
  const call = studioCalls(() => t);
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  const options = await call({
    op: 'studioInvitePasskeyOptions',
    method: 'POST',
    url: `/api/studio/invites/${token}/passkey/options`,
    payload: { name },
  });
  expect(options.res.statusCode, options.res.body).toBe(200);
  const response = authenticator.register(options.body.options as { challenge: string });
  const accepted = await call({
    op: 'studioAcceptInvite',
    method: 'POST',
    url: `/api/studio/invites/${token}/passkey`,
    payload: { name, response, deviceName: 'Laptop' },
  });
  expect(accepted.res.statusCode, accepted.res.body).toBe(201);
  const cookie = sessionCookie(accepted.res);
  if (!cookie) throw new Error('no studio_session cookie');
  const staff = accepted.body.staff as { id: string; email: string };
  return { id: staff.id, email: staff.email, cookie, authenticator };
}

export async function staffMember(
  t: TestApp,
  trainerId: string,
  role: 'owner' | 'coach',
  name = role === 'owner' ? 'Olivia Owner' : 'Carl Coach',
): Promise<Staff> {
  const email = `${role}-${Math.random().toString(36).slice(2)}@studio.test`;
  return accept(t, await invite(t, trainerId, email, role), name);
}

/** Signs in with the authenticator's passkey: the new session's cookie. */
export async function passkeySignIn(t: TestApp, authenticator: SoftwareAuthenticator, credential?: number) {
  const call = studioCalls(() => t);
  const options = await call({
    op: 'studioPasskeySignInOptions',
    method: 'POST',
    url: '/api/studio/sign-in/passkey/options',
  });
  expect(options.res.statusCode, options.res.body).toBe(200);
  const response = authenticator.authenticate(
    options.body.options as { challenge: string },
    credential === undefined ? undefined : authenticator.credentials[credential],
  );
  return call({
    op: 'studioPasskeySignIn',
    method: 'POST',
    url: '/api/studio/sign-in/passkey',
    payload: { response },
  });
}
