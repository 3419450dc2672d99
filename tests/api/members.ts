// The one member helper of the API tests: a member signs up (`register`) and signs in (`login`)
// through the API, or, for the tests that are about payments rather than accounts, is written straight
// into the database (`createMember` in fixtures.ts); either way the test holds the same `Member`. Also
// reading the dev mailbox the way a person would follow an emailed link.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { expectContract } from './contract.ts';

/** Fast hashing for tests; production refuses anything below 17. */
export const TEST_ENV = { PASSWORD_HASH_LOG2_COST: '10', RATE_LIMIT_MAX: '1000' };

export const PASSWORD = 'correct horse battery';

export interface Member {
  id: string;
  email: string;
  token: string;
  trainerId: string;
}

export function uniqueEmail(prefix = 'member'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

export async function register(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<Member> {
  const body = {
    name: 'Ana Member',
    email: uniqueEmail(),
    password: PASSWORD,
    trainerID: DEMO_TRAINER_ID,
    os_type: 'Unknown',
    ...overrides,
  };
  const res = await app.inject({ method: 'POST', url: '/api/user/register?gateway=true', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  const json = expectContract(res, 'register') as { user: { _id: string; email: string }; token: string };
  return { id: json.user._id, email: json.user.email, token: json.token, trainerId: String(body.trainerID) };
}

export interface LoginRequest {
  /** Whether the call comes from the gateway's pages (`?gateway=true`); it does unless told. */
  gateway?: boolean;
  /** The caller's address, for the per-address limits. */
  remoteAddress?: string;
  /** A cookie the browser sends along. */
  cookie?: string;
}

export async function login(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  trainerID = DEMO_TRAINER_ID,
  { gateway = true, remoteAddress, cookie }: LoginRequest = {},
) {
  return app.inject({
    method: 'POST',
    url: gateway ? '/api/user/login?gateway=true' : '/api/user/login',
    payload: { email, password, trainerID },
    ...(remoteAddress && { remoteAddress }),
    ...(cookie && { headers: { cookie } }),
  });
}

/** Gives a member's billing country as they would, with their billing details (none: null). */
export async function giveCountry(app: FastifyInstance, token: string, country: string | null) {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/user/billing-details',
    headers: { token },
    payload: { company: null, address: null, taxId: null, country },
  });
  if (res.statusCode !== 200) throw new Error(`billing details refused (${res.statusCode}): ${res.body}`);
}

/** Sets the demo trainer's tax settings through the admin API, as the operator does (null: none). */
export async function setTrainerTax(app: FastifyInstance, adminToken: string, tax: unknown) {
  const res = await app.inject({
    method: 'PATCH',
    url: `/api/admin/trainers/${DEMO_TRAINER_ID}`,
    headers: { 'admin-token': adminToken, 'admin-actor': 'ops@example.com' },
    payload: { tax },
  });
  expect(res.statusCode, res.body).toBe(200);
}

export function getUser(app: FastifyInstance, token: string) {
  return app.inject({ method: 'GET', url: '/api/user?gateway=true', headers: { token } });
}

export function updateUser(
  app: FastifyInstance,
  token: string,
  id: string,
  user: Record<string, unknown>,
  extra: { currentPassword?: string } = {},
) {
  return app.inject({
    method: 'PUT',
    url: `/api/user/${id}`,
    headers: { token },
    payload: { user, ...extra },
  });
}

export interface MailboxMessage {
  id: string;
  trainerId: string;
  to: string;
  subject: string;
  text: string;
  /** The HTML part, in the site's brand. */
  html: string;
  links: { label: string; url: string }[];
  createdAt: string;
  sentAt: string | null;
  lastError: string | null;
}

export async function mailbox(app: FastifyInstance): Promise<MailboxMessage[]> {
  const res = await app.inject({ method: 'GET', url: '/dev/mailbox.json' });
  expect(res.statusCode).toBe(200);
  return res.json().messages;
}

/** The newest message to `to`, and the `token` query parameter of its first link. */
export async function lastMailTo(
  app: FastifyInstance,
  to: string,
): Promise<{ message: MailboxMessage; token: string; url: URL }> {
  const message = (await mailbox(app)).find((m) => m.to === to);
  if (!message) throw new Error(`No email to ${to}`);
  const url = new URL(message.links[0]?.url ?? '');
  return { message, token: url.searchParams.get('token') ?? '', url };
}
