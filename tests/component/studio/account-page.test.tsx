// My account against a server kept in the test (msw, typed by the contract): the passkeys listed,
// one removed once however often it is pressed, the only one kept; a passkey added through the
// browser's WebAuthn call (jsdom has none: a stand-in for `navigator.credentials.create` answers as
// an authenticator would, and a refusal as a person closing the prompt); the sessions, one ended
// elsewhere and this one signed out. Passkeys in a real browser are the browser journeys' part.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema.d.ts';
import { contractHttp } from '../../contract-http.ts';
import { server } from '../server.ts';
import { OWNER, renderStudio, SHOWN, signedIn } from './render-studio.tsx';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  Reflect.deleteProperty(globalThis, 'PublicKeyCredential');
  Reflect.deleteProperty(navigator, 'credentials');
});
afterAll(() => server.close());

type Passkey = components['schemas']['StudioPasskey'];
type Session = components['schemas']['StudioSession'];

const passkey = (id: string, deviceName: string | null, lastUsedAt: string | null = null): Passkey => ({
  id,
  deviceName,
  transports: ['internal'],
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt,
});
const session = (id: string, userAgent: string, current: boolean): Session => ({
  id,
  createdAt: '2026-11-27T10:00:00.000Z',
  lastSeenAt: '2026-11-28T09:00:00.000Z',
  userAgent,
  current,
});

/** The account's server: what it holds and every change asked of it. */
function accountServer(start: { passkeys: Passkey[]; sessions?: Session[] }) {
  const passkeys = [...start.passkeys];
  const sessions = [...(start.sessions ?? [session('ssn_here', 'Firefox on Linux', true)])];
  const asked: { op: string; id?: string; body?: unknown }[] = [];
  server.use(
    signedIn(OWNER),
    contractHttp.get('/api/studio/passkeys', () =>
      HttpResponse.json({ success: true as const, passkeys: [...passkeys] }),
    ),
    contractHttp.delete('/api/studio/passkeys/{passkeyID}', async ({ params }) => {
      asked.push({ op: 'removePasskey', id: params.passkeyID });
      // Slow enough that a second press lands while the first is on its way.
      await delay(200);
      passkeys.splice(
        passkeys.findIndex((p) => p.id === params.passkeyID),
        1,
      );
      return HttpResponse.json({ success: true as const, message: 'Passkey removed' });
    }),
    contractHttp.post('/api/studio/passkeys/options', () => {
      asked.push({ op: 'options' });
      return HttpResponse.json({
        success: true as const,
        options: {
          challenge: 'Y2hhbGxlbmdl',
          rp: { name: 'Fit with Ana', id: 'localhost' },
          user: { id: 'c3RhZmZfb3duZXI', name: OWNER.email, displayName: OWNER.name },
          pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
          excludeCredentials: [],
        },
      });
    }),
    contractHttp.post('/api/studio/passkeys', async ({ request }) => {
      const body = await request.json();
      asked.push({ op: 'addPasskey', body });
      const added = passkey('pk_new', (body as { deviceName?: string }).deviceName ?? null);
      passkeys.push(added);
      return HttpResponse.json({ success: true as const, passkey: added }, { status: 201 });
    }),
    contractHttp.get('/api/studio/sessions', () =>
      HttpResponse.json({ success: true as const, sessions: [...sessions] }),
    ),
    contractHttp.delete('/api/studio/sessions/{sessionID}', ({ params }) => {
      asked.push({ op: 'revoke', id: params.sessionID });
      sessions.splice(
        sessions.findIndex((s) => s.id === params.sessionID),
        1,
      );
      return HttpResponse.json({ success: true as const, message: 'Signed out there' });
    }),
  );
  return { asked };
}

const bytes = (text: string) => new TextEncoder().encode(text).buffer;

/** A browser with WebAuthn whose prompt makes a credential, or is closed by the person. */
function webAuthn(outcome: 'made' | 'closed') {
  const asked: CredentialCreationOptions[] = [];
  Object.defineProperty(globalThis, 'PublicKeyCredential', { value: class {}, configurable: true });
  Object.defineProperty(navigator, 'credentials', {
    configurable: true,
    value: {
      create: async (options: CredentialCreationOptions) => {
        asked.push(options);
        if (outcome === 'closed') throw new DOMException('The prompt was closed', 'NotAllowedError');
        return {
          id: 'cred-tablet',
          rawId: bytes('cred-tablet'),
          type: 'public-key',
          authenticatorAttachment: 'platform',
          response: { attestationObject: bytes('attestation'), clientDataJSON: bytes('{}') },
          getClientExtensionResults: () => ({}),
        };
      },
    },
  });
  return asked;
}

const passkeyTable = () => screen.findByRole('table', { name: 'My passkeys' }, SHOWN);

describe('my passkeys', () => {
  it('lists them, removes one once however often it is pressed, and keeps the only one left', async () => {
    const { asked } = accountServer({
      passkeys: [passkey('pk_laptop', 'Laptop', '2026-11-28T08:00:00.000Z'), passkey('pk_phone', null)],
    });
    await renderStudio('/studio/account');
    const rows = within(await passkeyTable()).getAllByRole('row');
    expect(rows.map((r) => r.querySelector('th')?.textContent)).toEqual([
      'Device',
      'Laptop',
      'Unnamed device',
    ]);
    expect(rows[2]?.textContent).toContain('Never');
    const remove = screen.getByRole('button', { name: 'Remove the passkey of Unnamed device' });
    fireEvent.click(remove);
    fireEvent.click(remove);
    await waitFor(() => expect(screen.queryByText('Unnamed device')).toBeNull(), SHOWN);
    expect(asked).toEqual([{ op: 'removePasskey', id: 'pk_phone' }]);
    expect(
      (screen.getByRole('button', { name: 'Remove the passkey of Laptop' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByText('Your only passkey cannot be removed: add another first.')).toBeTruthy();
  });

  it('adds this device’s passkey under the name typed, with the server’s challenge', async () => {
    const { asked } = accountServer({ passkeys: [passkey('pk_laptop', 'Laptop')] });
    const prompts = webAuthn('made');
    await renderStudio('/studio/account');
    await passkeyTable();
    const form = screen.getByRole('form', { name: 'Add a passkey' });
    fireEvent.change(within(form).getByRole('textbox', { name: /This device's name/ }), {
      target: { value: ' Tablet ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Passkey added: you can sign in with it now.', {}, SHOWN)).toBeTruthy();
    expect(new TextDecoder().decode(prompts[0]?.publicKey?.challenge as ArrayBuffer)).toBe('challenge');
    expect(asked.map((a) => a.op)).toEqual(['options', 'addPasskey']);
    expect(asked[1]?.body).toMatchObject({
      deviceName: 'Tablet',
      response: { id: 'cred-tablet', type: 'public-key' },
    });
    expect(await within(await passkeyTable()).findByText('Tablet', {}, SHOWN)).toBeTruthy();
  });

  it('adds nothing when the person closes the browser’s prompt, and says so', async () => {
    const { asked } = accountServer({ passkeys: [passkey('pk_laptop', 'Laptop')] });
    webAuthn('closed');
    await renderStudio('/studio/account');
    await passkeyTable();
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect((await screen.findByRole('alert', {}, SHOWN)).textContent).toContain(
      'The passkey prompt was closed or timed out.',
    );
    expect(asked.map((a) => a.op)).toEqual(['options']);
    expect(within(await passkeyTable()).getAllByRole('row')).toHaveLength(2);
  });
});

describe('where I am signed in', () => {
  it('ends another device’s session, then signs out here', async () => {
    const { asked } = accountServer({
      passkeys: [passkey('pk_laptop', 'Laptop')],
      sessions: [
        session('ssn_here', 'Firefox on Linux', true),
        session('ssn_phone', 'Safari on iPhone', false),
      ],
    });
    await renderStudio('/studio/account');
    const table = await screen.findByRole('table', { name: 'Where I am signed in' }, SHOWN);
    const rows = within(table).getAllByTestId('studio-session');
    expect(rows.map((r) => r.querySelector('th')?.textContent)).toEqual([
      'Firefox on Linux · this device',
      'Safari on iPhone',
    ]);
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Sign out there' }));
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).toBeNull(), SHOWN);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out here' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to the studio' }, SHOWN)).toBeTruthy();
    expect(asked).toEqual([
      { op: 'revoke', id: 'ssn_phone' },
      { op: 'revoke', id: 'ssn_here' },
    ]);
  });
});
