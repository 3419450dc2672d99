// The staff rules through the real server (decision 142): only an owner invites, changes a role or
// removes; someone already on the staff is not invited again; the trainer always keeps an owner,
// even when two owners act against each other at once; a role change applies to open sessions at
// once, a removal ends every way in at once (session, passkey, emailed link); an invitation is
// accepted once however fast it is pressed twice. A refused change changes nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID, seedTrainer } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { lastMailTo, mailbox, TEST_ENV } from './members.ts';
import { SoftwareAuthenticator } from './studio-authenticator.ts';
import {
  ADMIN_TOKEN,
  accept,
  invite,
  ORIGIN,
  passkeySignIn,
  type Staff,
  sessionCookie,
  staffMember,
  studioCalls,
} from './studio-calls.ts';

const OTHER = 'rules-other-trainer';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN } });
  await seedTrainer(t.context.db, { id: OTHER, name: 'Other Trainer' });
});
afterAll(() => t.close());
const call = studioCalls(() => t);

const me = (cookie: string | undefined) =>
  call({ op: 'studioMe', method: 'GET', url: '/api/studio/me', cookie });
const inviteAs = (who: Staff, email: string, role: 'owner' | 'coach') =>
  call({
    op: 'studioInviteStaff',
    method: 'POST',
    url: '/api/studio/staff/invites',
    payload: { email, role },
    cookie: who.cookie,
  });
const roleAs = (who: Staff, target: string, role: 'owner' | 'coach') =>
  call({
    op: 'studioChangeStaffRole',
    method: 'PATCH',
    url: `/api/studio/staff/${target}`,
    payload: { role },
    cookie: who.cookie,
  });
const removeAs = (who: Staff, target: string) =>
  call({ op: 'studioRemoveStaff', method: 'DELETE', url: `/api/studio/staff/${target}`, cookie: who.cookie });

/** The trainer's staff as stored: email and role, in a stable order. */
async function stored(trainerId: string) {
  const rows = await t.context.db
    .select({ email: staff.email, role: staff.role })
    .from(staff)
    .where(eq(staff.trainerId, trainerId));
  return rows.sort((a, b) => a.email.localeCompare(b.email));
}

/** A fresh trainer's studio, so a test's owners are its only ones. */
async function trainerWith(id: string) {
  await seedTrainer(t.context.db, { id, name: `Trainer ${id}` });
  return id;
}

describe('who invites whom', () => {
  it('lets an owner invite an owner or a coach; a coach invites nobody and nothing is sent', async () => {
    const owner = await staffMember(t, DEMO_TRAINER_ID, 'owner');
    const coach = await staffMember(t, DEMO_TRAINER_ID, 'coach');
    expect((await inviteAs(owner, 'new-owner@rules.test', 'owner')).res.statusCode).toBe(201);
    expect((await inviteAs(owner, 'new-coach@rules.test', 'coach')).res.statusCode).toBe(201);
    const sent = (await mailbox(t.app)).length;
    const refused = await inviteAs(coach, 'friend@rules.test', 'owner');
    expect(refused.res.statusCode).toBe(403);
    expect((await mailbox(t.app)).length).toBe(sent);
    // Someone already on the staff, in any case of their address: refused with their address.
    const again = await inviteAs(owner, coach.email.toUpperCase(), 'coach');
    expect(again.res.statusCode).toBe(409);
    expect(again.body.message).toContain(coach.email.toUpperCase());
    expect((await mailbox(t.app)).length).toBe(sent);
  });

  it('accepts an invitation once when it is pressed twice at once', async () => {
    const email = 'double@rules.test';
    const token = await invite(t, DEMO_TRAINER_ID, email, 'coach');
    const attempt = async () => {
      const authenticator = new SoftwareAuthenticator(ORIGIN);
      const options = await call({
        op: 'studioInvitePasskeyOptions',
        method: 'POST',
        url: `/api/studio/invites/${token}/passkey/options`,
        payload: { name: 'Dora Double' },
      });
      const response = authenticator.register(options.body.options as { challenge: string });
      return call({
        op: 'studioAcceptInvite',
        method: 'POST',
        url: `/api/studio/invites/${token}/passkey`,
        payload: { name: 'Dora Double', response },
      });
    };
    const answers = await Promise.all([attempt(), attempt()]);
    expect(answers.map((a) => a.res.statusCode).sort()).toEqual([201, 409]);
    expect((await stored(DEMO_TRAINER_ID)).filter((s) => s.email === email)).toHaveLength(1);
  });
});

describe('the trainer always keeps an owner', () => {
  it('refuses to make the last owner a coach or to remove them, and allows it once another owner exists', async () => {
    const trainer = await trainerWith('rules-one-owner');
    const ana = await staffMember(t, trainer, 'owner', 'Ana Owner');
    const before = await stored(trainer);
    const demoted = await roleAs(ana, ana.id, 'coach');
    expect(demoted.res.statusCode).toBe(409);
    expect(demoted.body.message).toBe(
      "The studio's last owner cannot be made a coach: make someone else an owner first",
    );
    const removed = await removeAs(ana, ana.id);
    expect(removed.res.statusCode).toBe(409);
    expect(removed.body.message).toMatch(/last owner cannot be removed/);
    expect(await stored(trainer)).toEqual(before);

    // A coach made an owner, then the first owner steps down to coach.
    const ben = await staffMember(t, trainer, 'coach', 'Ben Coach');
    const promoted = await roleAs(ana, ben.id, 'owner');
    expect(promoted.res.statusCode).toBe(200);
    expect(promoted.body.staff).toMatchObject({ id: ben.id, role: 'owner', passkeys: 1 });
    expect((await roleAs(ana, ana.id, 'coach')).res.statusCode).toBe(200);
    expect(await stored(trainer)).toEqual(
      [
        { email: ana.email, role: 'coach' },
        { email: ben.email, role: 'owner' },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
  });

  it('keeps one owner when two owners demote or remove each other at once', async () => {
    for (const act of ['demote', 'remove'] as const) {
      const trainer = await trainerWith(`rules-${act}-race`);
      const a = await staffMember(t, trainer, 'owner', 'Ada Owner');
      const b = await staffMember(t, trainer, 'owner', 'Bo Owner');
      const against = (who: Staff, target: Staff) =>
        act === 'demote' ? roleAs(who, target.id, 'coach') : removeAs(who, target.id);
      const answers = await Promise.all([against(a, b), against(b, a)]);
      const [first, second] = answers.map((x) => x.res.statusCode).sort();
      expect(first).toBe(200);
      // The later one is refused however the two met: its caller no longer an owner (403) or no
      // longer staff (401) when it arrived, or, arriving together on PostgreSQL, the last owner (409).
      expect([401, 403, 409]).toContain(second);
      expect((await stored(trainer)).filter((s) => s.role === 'owner')).toHaveLength(1);
    }
  });
});

describe('a change of role or a removal applies at once', () => {
  it('gives a coach made owner the staff page on their open session, and takes it back when made coach again', async () => {
    const owner = await staffMember(t, DEMO_TRAINER_ID, 'owner');
    const coach = await staffMember(t, DEMO_TRAINER_ID, 'coach');
    const staffPage = () =>
      call({ op: 'studioListStaff', method: 'GET', url: '/api/studio/staff', cookie: coach.cookie });
    expect((await staffPage()).res.statusCode).toBe(403);
    expect((await roleAs(owner, coach.id, 'owner')).res.statusCode).toBe(200);
    expect((await me(coach.cookie)).body.staff).toMatchObject({ role: 'owner' });
    expect((await staffPage()).res.statusCode).toBe(200);
    expect((await roleAs(owner, coach.id, 'coach')).res.statusCode).toBe(200);
    expect((await staffPage()).res.statusCode).toBe(403);
  });

  it('ends a removed member’s sessions, passkey and emailed link at once; they can be invited again', async () => {
    const owner = await staffMember(t, DEMO_TRAINER_ID, 'owner');
    const leaving = await staffMember(t, DEMO_TRAINER_ID, 'coach', 'Lee Leaving');
    const phone = sessionCookie((await passkeySignIn(t, leaving.authenticator)).res);
    expect((await me(phone)).res.statusCode).toBe(200);
    const asked = await call({
      op: 'studioRequestSignInLink',
      method: 'POST',
      url: '/api/studio/sign-in/link',
      payload: { email: leaving.email },
    });
    expect(asked.res.statusCode).toBe(202);
    const { token: linkToken } = await lastMailTo(t.app, leaving.email);

    expect((await removeAs(owner, leaving.id)).res.statusCode).toBe(200);
    expect((await me(leaving.cookie)).res.statusCode).toBe(401);
    expect((await me(phone)).res.statusCode).toBe(401);
    const passkey = await passkeySignIn(t, leaving.authenticator);
    expect(passkey.res.statusCode).not.toBe(200);
    expect(sessionCookie(passkey.res)).toBeUndefined();
    const link = await call({
      op: 'studioVerifySignInLink',
      method: 'POST',
      url: '/api/studio/sign-in/link/verify',
      payload: { token: linkToken },
    });
    expect(link.res.statusCode).not.toBe(200);
    expect(sessionCookie(link.res)).toBeUndefined();

    const back = await accept(t, await invite(t, DEMO_TRAINER_ID, leaving.email, 'coach'), 'Lee Back');
    expect((await me(back.cookie)).body.staff).toMatchObject({ email: leaving.email, role: 'coach' });
  });

  it('does not find another trainer’s staff member, and changes nothing there', async () => {
    const owner = await staffMember(t, DEMO_TRAINER_ID, 'owner');
    const theirs = await staffMember(t, OTHER, 'coach');
    const before = await stored(OTHER);
    expect((await roleAs(owner, theirs.id, 'owner')).res.statusCode).toBe(404);
    expect((await removeAs(owner, theirs.id)).res.statusCode).toBe(404);
    expect(await stored(OTHER)).toEqual(before);
    expect((await me(theirs.cookie)).res.statusCode).toBe(200);
  });

  it('refuses a role the studio does not have (400) and changes nothing', async () => {
    const owner = await staffMember(t, DEMO_TRAINER_ID, 'owner');
    const coach = await staffMember(t, DEMO_TRAINER_ID, 'coach');
    const before = await stored(DEMO_TRAINER_ID);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/studio/staff/${coach.id}`,
      headers: { origin: ORIGIN, cookie: `studio_session=${owner.cookie}` },
      payload: { role: 'admin' },
    });
    expect(bad.statusCode).toBe(400);
    expect(await stored(DEMO_TRAINER_ID)).toEqual(before);
  });
});
