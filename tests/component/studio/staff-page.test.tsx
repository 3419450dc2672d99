// The staff page against a server kept in the test (msw, typed by the contract): an owner invites,
// changes someone's role, removes someone once however often the button is pressed, and reads the
// server's refusal (the last owner) with nothing gone from the list; a coach is told the page is
// for owners and asks the server nothing.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema.d.ts';
import { contractHttp } from '../../contract-http.ts';
import { server } from '../server.ts';
import { COACH, OWNER, renderStudio, SHOWN, signedIn } from './render-studio.tsx';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Member = components['schemas']['StudioStaffMember'];
type Invite = components['schemas']['StudioStaffInvite'];

const person = (id: string, name: string, email: string, role: Member['role']): Member => ({
  id,
  name,
  email,
  role,
  createdAt: '2026-11-01T10:00:00.000Z',
  passkeys: 1,
});

/** The studio's staff as the server holds them, and every change asked of it. */
function staffServer(options: { refuseRemoval?: string } = {}) {
  const staff: Member[] = [
    person(OWNER.id, OWNER.name, OWNER.email, 'owner'),
    person('staff_carl', 'Carl Coach', 'carl@example.com', 'coach'),
    person('staff_otto', 'Otto Owner', 'otto@example.com', 'owner'),
  ];
  const invites: Invite[] = [];
  const asked: { method: string; id?: string; body?: unknown }[] = [];
  server.use(
    signedIn(OWNER),
    contractHttp.get('/api/studio/staff', () =>
      HttpResponse.json({ success: true as const, staff: [...staff], invites: [...invites] }),
    ),
    contractHttp.post('/api/studio/staff/invites', async ({ request }) => {
      const body = await request.json();
      asked.push({ method: 'POST', body });
      const invite: Invite = {
        id: 'inv_1',
        email: body.email,
        role: body.role,
        createdAt: '2026-11-28T12:00:00.000Z',
        expiresAt: '2026-12-05T12:00:00.000Z',
        invitedBy: OWNER.name,
      };
      invites.push(invite);
      return HttpResponse.json({ success: true as const, invite }, { status: 201 });
    }),
    contractHttp.patch('/api/studio/staff/{staffID}', async ({ params, request }) => {
      const body = await request.json();
      asked.push({ method: 'PATCH', id: params.staffID, body });
      const found = staff.find((s) => s.id === params.staffID);
      if (!found)
        return HttpResponse.json({ success: false as const, message: 'No such staff' }, { status: 404 });
      found.role = body.role;
      return HttpResponse.json({ success: true as const, staff: found });
    }),
    contractHttp.delete('/api/studio/staff/{staffID}', async ({ params }) => {
      asked.push({ method: 'DELETE', id: params.staffID });
      // Slow enough that a second press lands while the first is on its way.
      await delay(200);
      if (options.refuseRemoval)
        return HttpResponse.json(
          { success: false as const, message: options.refuseRemoval },
          { status: 409 },
        );
      const at = staff.findIndex((s) => s.id === params.staffID);
      const [gone] = staff.splice(at, 1);
      return HttpResponse.json({ success: true as const, staff: gone as Member });
    }),
  );
  return { staff, asked };
}

const staffTable = () => screen.findByRole('table', { name: 'Staff' }, SHOWN);
const rowOf = async (name: string) => {
  const row = within(await staffTable())
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('the staff page', () => {
  it('lists the staff, and invites a coach in the reader’s language, the invitation then waiting a week', async () => {
    const { asked } = staffServer();
    await renderStudio('/studio/staff');
    const rows = within(await staffTable()).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(await screen.findByText('No invitation waiting')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Invite someone' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Email/ }), {
      target: { value: ' nina@example.com ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('Invitation sent to nina@example.com.', {}, SHOWN)).toBeTruthy();
    expect(asked).toEqual([
      { method: 'POST', body: { email: 'nina@example.com', role: 'coach', locale: 'en' } },
    ]);
    expect(await screen.findByText('nina@example.com as coach, until Dec 5, 2026', {}, SHOWN)).toBeTruthy();
  });

  it('makes a coach an owner, says so, and offers no role change of oneself', async () => {
    const { asked } = staffServer();
    await renderStudio('/studio/staff');
    const mine = await rowOf(OWNER.name);
    expect(within(mine).queryByLabelText(`Role of ${OWNER.name}`)).toBeNull();
    expect(within(mine).queryByRole('button', { name: 'Remove' })).toBeNull();
    const carl = await rowOf('Carl Coach');
    const role = within(carl).getByRole('combobox', { name: 'Role of Carl Coach' });
    expect((role as HTMLSelectElement).value).toBe('coach');
    fireEvent.change(role, { target: { value: 'owner' } });
    expect(await screen.findByText('Carl Coach is now owner.', {}, SHOWN)).toBeTruthy();
    expect(asked).toEqual([{ method: 'PATCH', id: 'staff_carl', body: { role: 'owner' } }]);
  });

  it('removes someone once, after the confirmation, however often it is pressed', async () => {
    const { asked } = staffServer();
    await renderStudio('/studio/staff');
    fireEvent.click(within(await rowOf('Carl Coach')).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('button', { name: 'Remove Carl Coach' });
    expect(asked).toEqual([]);
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByText('Carl Coach')).toBeNull(), SHOWN);
    expect(asked).toEqual([{ method: 'DELETE', id: 'staff_carl' }]);
    expect(within(await staffTable()).getAllByRole('row')).toHaveLength(3);
  });

  it('shows the server’s refusal to remove the last owner, and keeps them listed', async () => {
    const lastOwner = "The studio's last owner cannot be removed: make someone else an owner first";
    staffServer({ refuseRemoval: lastOwner });
    await renderStudio('/studio/staff');
    fireEvent.click(within(await rowOf('Otto Owner')).getByRole('button', { name: 'Remove' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Otto Owner' }));
    expect(await screen.findByText(lastOwner, {}, SHOWN)).toBeTruthy();
    expect(await rowOf('Otto Owner')).toBeTruthy();
  });

  it('tells a coach only an owner manages the staff, asking the server nothing', async () => {
    let listed = 0;
    server.use(
      signedIn(COACH),
      contractHttp.get('/api/studio/staff', () => {
        listed += 1;
        return HttpResponse.json({ success: false as const, message: 'Owners only' }, { status: 403 });
      }),
    );
    await renderStudio('/studio/staff');
    expect(await screen.findByText('Only an owner manages the staff.', {}, SHOWN)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Invite someone' })).toBeNull();
    expect(listed).toBe(0);
  });
});
