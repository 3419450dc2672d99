// How the modal's tests work it: the API served, the modal opened, its forms filled, a member signed in.
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { contractHttp } from '../../contract-http.ts';
import { server } from '../server.ts';

/**
 * The API's msw handlers for every test of the file, reset after each with the stored member. A
 * file's first opening loads the modal's code, the flows and XState, and each file pays for it: 20 s
 * a test, as step 1's tests had when they were the first of one file.
 */
export function serveTheModalsApi() {
  vi.setConfig({ testTimeout: 20_000 });
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    localStorage.clear();
  });
  afterAll(() => server.close());
}

// The first opening loads the modal's code, the flows and XState: on a busy machine that takes longer
// than Testing Library's one-second default.
export const modal = () => screen.findByRole('dialog', {}, { timeout: 8_000 });

export async function openFromNavBar(name: 'Signup' | 'Login') {
  fireEvent.click(await screen.findByRole('button', { name }));
  return modal();
}

export function fill(dialog: HTMLElement, placeholder: string, value: string) {
  fireEvent.change(within(dialog).getByPlaceholderText(placeholder), { target: { value } });
}

/** Signs up through the signup form as Ana. */
export function signUp(dialog: HTMLElement) {
  fill(dialog, 'Full Name', 'Ana');
  fill(dialog, 'Enter email', 'ana@example.com');
  fill(dialog, 'Password', 'secret');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Sign up' }));
}

/** Signs in through the login form with a member the API knows. */
export async function logIn(dialog: HTMLElement) {
  fill(dialog, 'Enter email', 'ana@example.com');
  fill(dialog, 'Password', 'secret');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
}

export const loginAnswers = contractHttp.post('/api/user/login', () =>
  HttpResponse.json({ success: true as const, userToken: 'tok' }),
);
