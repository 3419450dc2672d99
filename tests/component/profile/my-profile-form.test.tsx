import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../domain/api-types.ts';
import { contractHttp } from '../../contract-http.ts';
import { member, renderApp, session } from '../render-app.tsx';
import { server } from '../server.ts';
import { browserInTimeZone, errorResponse, JUST_AFTER_MIDNIGHT_UTC } from './profile.fixtures.ts';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type UpdateBody = { user: Record<string, unknown>; trainerID?: string };

/** PUT /api/user/{id} answering with the member changed as asked; keeps what was sent. */
function updateHandler(base: User, respond?: (body: UpdateBody) => Response | Promise<Response>) {
  const sent: UpdateBody[] = [];
  const handler = contractHttp.put('/api/user/{userID}', async ({ request }) => {
    const body = (await request.json()) as UpdateBody;
    sent.push(body);
    if (respond) return respond(body);
    const changes = body.user as { name: string; email: string; phone: string | null };
    const emailChanged = changes.email !== base.email;
    const user: User = {
      ...base,
      email: changes.email,
      email_verified: base.email_verified && !emailChanged,
      profile: { ...base.profile, name: changes.name, phone: changes.phone },
    };
    return HttpResponse.json({ success: true as const, user });
  });
  return { handler, sent };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('My Profile', () => {
  it('shows full name, email, a masked password, phone and the member-since date in the visitor locale', async () => {
    await renderApp('/profile', {
      session: session(member({ phone: '+1 555 0100', member_since: '2026-01-15T12:00:00Z' })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
    expect(field('Full Name').value).toBe('Ana Member');
    expect(field('Email').value).toBe('ana@example.com');
    expect(field('Password').readOnly).toBe(true);
    expect(field('Phone').value).toBe('+1 555 0100');
    expect(screen.getByText('Member since January 15, 2026')).toBeTruthy();
  });

  it('saves through the update-user call, says so, and hands the saved member to the session', async () => {
    const spy = session(member());
    const update = updateHandler(spy.user as User);
    server.use(update.handler);
    await renderApp('/profile', { session: spy });
    fireEvent.change(await screen.findByLabelText('Full Name'), { target: { value: 'Ana Rivera' } });
    fireEvent.change(field('Phone'), { target: { value: '+34 600 000 000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    expect(update.sent).toEqual([
      {
        user: { name: 'Ana Rivera', email: 'ana@example.com', phone: '+34 600 000 000' },
      },
    ]);
    expect(spy.calls.userChanged.map((u) => u.profile.name)).toContain('Ana Rivera');
    expect(screen.queryByText(/verification link to your new email/)).toBeNull();
  });

  it('asks for the current password once the email is edited, and sends it with the change', async () => {
    const spy = session(member());
    const update = updateHandler(spy.user as User);
    server.use(update.handler);
    await renderApp('/profile', { session: spy });
    expect(screen.queryByLabelText('Current password')).toBeNull();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ana.new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please enter your current password to change your email')).toBeTruthy();
    expect(update.sent).toEqual([]);

    fireEvent.change(field('Current password'), { target: { value: 'my password 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/We have sent a verification link to your new email/)).toBeTruthy();
    expect(screen.getByText(/We have also told your old address about the change/)).toBeTruthy();
    expect(update.sent).toEqual([
      {
        user: { name: 'Ana Member', email: 'ana.new@example.com', phone: null },
        currentPassword: 'my password 1',
      },
    ]);
    expect(spy.calls.userChanged.at(-1)?.email_verified).toBe(false);
    // The password is not kept once the change is saved.
    await waitFor(() => expect(field('Current password').value).toBe(''));
  });

  it("shows the server's error and tells the session nothing", async () => {
    const spy = session(member());
    server.use(
      updateHandler(spy.user as User, () => errorResponse(409, 'This email is already in use')).handler,
    );
    await renderApp('/profile', { session: spy });
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'taken@example.com' } });
    fireEvent.change(field('Current password'), { target: { value: 'my password 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This email is already in use');
    expect(spy.calls.userChanged).toEqual([]);
  });

  it('refuses an empty name and an invalid email without calling the server', async () => {
    const spy = session(member());
    const update = updateHandler(spy.user as User);
    server.use(update.handler);
    await renderApp('/profile', { session: spy });
    fireEvent.change(await screen.findByLabelText('Full Name'), { target: { value: '  ' } });
    fireEvent.change(field('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please enter your full name')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(update.sent).toEqual([]);
  });

  it('shows the save as in progress until the server answers', async () => {
    const spy = session(member());
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      updateHandler(spy.user as User, async () => {
        await answered;
        return HttpResponse.json({ success: true as const, user: spy.user as User });
      }).handler,
    );
    await renderApp('/profile', { session: spy });
    fireEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save changes' }).hasAttribute('data-loading')).toBe(true),
    );
    answer();
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
  });

  it('is in Spanish for a Spanish visitor', async () => {
    await renderApp('/profile', {
      session: session(member({ member_since: '2026-01-15T12:00:00Z' })),
      locale: 'es',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi perfil' })).toBeTruthy();
    expect(field('Nombre Completo').value).toBe('Ana Member');
    expect(screen.getByText('Miembro desde el 15 de enero de 2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeTruthy();
  });

  it('states the member-since day in UTC, as the billing screens do', async () => {
    const undoTimeZone = browserInTimeZone('America/Los_Angeles');
    try {
      await renderApp('/profile', { session: session(member({ member_since: JUST_AFTER_MIDNIGHT_UTC })) });
      expect(await screen.findByText('Member since March 1, 2026')).toBeTruthy();
    } finally {
      undoTimeZone();
    }
  });
});
