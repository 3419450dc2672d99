// The contract enforces itself where routes are registered: an operation's `security` decides
// whether a token is needed before any handler runs, and outside production a response that breaks
// the contract is caught on the server, not only by the API tests.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Auth } from '../../server/auth/authenticate.ts';
import { HttpError, unauthorized } from '../../server/errors.ts';
import {
  type ContractOptions,
  contractOperations,
  contractPlugin,
  type Handlers,
  securitySchemes,
} from '../../server/http/contract.ts';
import { RATE_LIMITED_OPERATIONS } from '../../server/http/rate-limit.ts';

const operations = contractOperations();

/** A server whose handlers only record that they ran; requests skip body validation. */
function stubServer(options: Partial<ContractOptions> = {}, body: unknown = { success: true }, status = 200) {
  const ran: string[] = [];
  const schemesAsked: Record<string, readonly string[]> = {};
  const handlers = Object.fromEntries(
    operations.map((op) => [
      op.id,
      async () => {
        ran.push(op.id);
        if (status >= 400) throw new HttpError(status, 'refused');
        return body;
      },
    ]),
  ) as Handlers;
  const app = Fastify();
  app.setValidatorCompiler(() => () => true);
  app.register(contractPlugin, {
    authenticate: async (request, schemes) => {
      schemesAsked[String(request.routeOptions.config.operationId)] = schemes;
      if (!request.headers.token) throw unauthorized();
      return { kind: 'session' } as Auth;
    },
    checkResponses: false,
    ...options,
  });
  app.register(async (area) => area.operations(handlers));
  return { app, ran, schemesAsked };
}

const urlOf = (path: string) => path.replace(/\{\w+\}/g, 'x');

describe('security from the contract', () => {
  it('lists the secured operations, and the two that also take an emailed link', () => {
    const secured = operations
      .filter(
        (op) =>
          securitySchemes(op.operation).length > 0 &&
          !op.id.startsWith('admin') &&
          !op.id.startsWith('studio'),
      )
      .map((op) => op.id);
    expect(secured.sort()).toEqual(
      [
        'changePassword',
        'downloadInvoicePdf',
        'getBillingDetails',
        'getLibrary',
        'getLibraryItem',
        'getLibraryUnit',
        'getPauseOptions',
        'getUser',
        'getUserCharges',
        'keepSubscription',
        'listInvoices',
        'logout',
        'markLibraryUnit',
        'openBillingPortal',
        'pauseSubscription',
        'resendVerification',
        'resumeSubscription',
        'startCheckoutSession',
        'updateBillingDetails',
        'updateUser',
      ].sort(),
    );
    // The operator's operations take the admin token and nothing else (decision 117).
    const admin = operations.filter((op) => (op.operation.tags as string[]).includes('admin'));
    expect(admin.map((op) => op.id).every((id) => id.startsWith('admin'))).toBe(true);
    for (const op of admin) expect(securitySchemes(op.operation), op.id).toEqual(['adminToken']);
    // The studio's take its session cookie and nothing else, but for the sign-in and invitation
    // steps, which come before there is a session (decision 142).
    const studio = operations.filter((op) => (op.operation.tags as string[]).includes('studio'));
    expect(studio.map((op) => op.id).every((id) => id.startsWith('studio'))).toBe(true);
    const beforeSession = [
      'studioPasskeySignInOptions',
      'studioPasskeySignIn',
      'studioRequestSignInLink',
      'studioVerifySignInLink',
      'studioGetInvite',
      'studioInvitePasskeyOptions',
      'studioAcceptInvite',
    ];
    for (const op of studio) {
      expect(securitySchemes(op.operation), op.id).toEqual(
        beforeSession.includes(op.id) ? [] : ['studioSession'],
      );
    }
    const withLink = operations.filter((op) => securitySchemes(op.operation).includes('emailLink'));
    expect(withLink.map((op) => op.id).sort()).toEqual(['getUser', 'updateUser']);
    // The session cookie signs in one download a plain link opens, and nothing that changes anything.
    const withCookie = operations.filter((op) => securitySchemes(op.operation).includes('sessionCookie'));
    expect(withCookie.map((op) => [op.id, op.method])).toEqual([['downloadInvoicePdf', 'GET']]);
  });

  it('refuses every secured operation without a token before its handler runs, and lets public ones through', async () => {
    const { app, ran, schemesAsked } = stubServer();
    for (const op of operations) {
      const response = await app.inject({ method: op.method as 'GET', url: urlOf(op.path), payload: {} });
      const secured = securitySchemes(op.operation).length > 0;
      expect(response.statusCode, op.id).toBe(secured ? 401 : 200);
      expect(ran.includes(op.id), op.id).toBe(!secured);
    }
    expect(schemesAsked.getUser).toEqual(['token', 'emailLink']);
    expect(schemesAsked.logout).toEqual(['token']);
    await app.close();
  });
});

describe('responses checked against the contract', () => {
  const getUser = operations.find((op) => op.id === 'getUser');

  it('turns a response that breaks the contract into a 500 that says why', async () => {
    const { app } = stubServer({ checkResponses: true }, { success: true, user: { name: 'no id' } });
    const response = await app.inject({ method: 'GET', url: getUser?.path ?? '', headers: { token: 't' } });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toMatch(/^The response breaks the contract: getUser 200: /);
    await app.close();
  });

  it('passes a client error the operation does not declare through unchanged, as production does', async () => {
    const { app } = stubServer({ checkResponses: true }, undefined, 418);
    const response = await app.inject({ method: 'GET', url: getUser?.path ?? '', headers: { token: 't' } });
    expect(response.statusCode).toBe(418);
    expect(response.json()).toMatchObject({ message: 'refused' });
    await app.close();
  });

  it('passes a response through unchanged when checking is off (production)', async () => {
    const { app } = stubServer({ checkResponses: false }, { success: true, user: { name: 'no id' } });
    const response = await app.inject({ method: 'GET', url: getUser?.path ?? '', headers: { token: 't' } });
    expect(response.statusCode).toBe(200);
    await app.close();
  });
});

describe('the answers every operation declares', () => {
  const declared = (op: (typeof operations)[number]) =>
    Object.keys(op.operation.responses as Record<string, unknown>);

  // These come from the framework before any handler runs, so an operation cannot opt out of them.
  it('400 and 415 for all: a NUL byte or a bad value in the query, an unknown Content-Encoding', () => {
    for (const op of operations) expect(declared(op), op.id).toEqual(expect.arrayContaining(['400', '415']));
  });

  it('413 for all that read a body, which is any but GET', () => {
    for (const op of operations.filter((o) => o.method !== 'GET')) {
      expect(declared(op), op.id).toContain('413');
    }
  });

  it('401 for the secured ones, 429 for the rate-limited ones', () => {
    for (const op of operations) {
      if (securitySchemes(op.operation).length > 0) expect(declared(op), op.id).toContain('401');
      if (RATE_LIMITED_OPERATIONS.has(op.id)) expect(declared(op), op.id).toContain('429');
    }
  });
});
