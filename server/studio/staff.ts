// Staff accounts (decision 142): invitations by email (seven days, one use) from an owner or the
// operator; accepting one makes the account with its first passkey (signing in is staff-sign-in.ts);
// an owner changes a role or removes staff, never leaving the trainer without an owner. Changes to
// staff are audited like every other change.
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { components } from '../../openapi/schema.d.ts';
import { type Actor, actorName, auditChange } from '../admin/audit.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { ServerContext } from '../context.ts';
import { newId } from '../db/ids.ts';
import type { Database } from '../db/index.ts';
import type { StaffInviteRow, StaffRole, StaffRow } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { registrationOptions, verifiedRegistration } from './passkeys.ts';
import {
  deleteStaff,
  findInvite,
  findPasskey,
  findStaff,
  insertInvite,
  insertPasskey,
  insertStaff,
  lockInvite,
  lockOwners,
  markInviteUsed,
  openInvites,
  passkeysOf,
  setStaffRole,
  staffByEmail,
  staffOf,
  trainerNameOf,
} from './staff.repository.ts';
import { callerOf, type NewSession, startSession } from './staff-sessions.ts';

type Schemas = components['schemas'];
type Context = Pick<ServerContext, 'db' | 'config' | 'mail'>;

const DAY_MS = 24 * 60 * 60 * 1000;
export const INVITE_TTL_MS = 7 * DAY_MS;

/** A staff member just signed in, and the session whose token the cookie carries. */
export interface SignedIn {
  member: StaffRow;
  session: NewSession;
}

export async function trainerName(db: Database, trainerId: string): Promise<string> {
  const name = await trainerNameOf(db, trainerId);
  if (name === null) throw notFound('studio.unknownTrainer');
  return name;
}

export async function staffView(db: Database, row: StaffRow): Promise<Schemas['StudioStaff']> {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    trainerID: row.trainerId,
    trainerName: await trainerName(db, row.trainerId),
  };
}

const toInvite = (row: StaffInviteRow): Schemas['StudioStaffInvite'] => ({
  id: row.id,
  email: row.email,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  invitedBy: row.invitedBy,
});

// ---- Invitations ----

export async function inviteStaff(
  { db, config, mail }: Context,
  caller: Actor,
  trainerId: string,
  input: { email: string; role: StaffRole; locale?: 'en' | 'es' | undefined },
): Promise<Schemas['StudioStaffInvite']> {
  const name = await trainerName(db, trainerId);
  const token = newToken();
  const invite = await db.transaction(async (tx) => {
    if ((await staffByEmail(tx, input.email, trainerId)).length > 0) {
      throw conflict('studio.alreadyStaff', { email: input.email });
    }
    const now = new Date();
    const row = {
      id: newId('inv'),
      tokenHash: hashToken(token),
      trainerId,
      email: input.email,
      role: input.role,
      locale: input.locale ?? 'en',
      invitedBy: actorName(caller),
      staffId: newId('staff'),
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
      usedAt: null,
    };
    await insertInvite(tx, row);
    const shown = toInvite(row);
    await auditChange(tx, caller, trainerId, 'adminInviteStaff', row.id, null, shown);
    await mail.enqueue(tx, {
      trainerId,
      userId: null,
      to: input.email,
      locale: row.locale,
      template: {
        kind: 'studioInvite',
        name: input.email,
        trainerName: name,
        link: `${config.publicUrl}/studio/invite?token=${encodeURIComponent(token)}`,
        role: input.role,
        invitedBy: row.invitedBy,
        expiresOn: row.expiresAt.toISOString().slice(0, 10),
      },
    });
    return shown;
  });
  mail.wake();
  return invite;
}

/** The invitation a token names while it can still be accepted: 404 unknown, 409 used or expired. */
function usable(invite: StaffInviteRow | undefined, now: Date): StaffInviteRow {
  if (!invite) throw notFound('studio.unknownInvite');
  if (invite.usedAt) throw conflict('studio.inviteUsed');
  if (invite.expiresAt <= now) {
    throw conflict('studio.inviteExpired', { date: invite.expiresAt.toISOString().slice(0, 10) });
  }
  return invite;
}

export async function showInvite(db: Database, token: string): Promise<Schemas['StudioInvitation']> {
  const invite = usable(await findInvite(db, hashToken(token)), new Date());
  return {
    email: invite.email,
    role: invite.role,
    trainerName: await trainerName(db, invite.trainerId),
    expiresAt: invite.expiresAt.toISOString(),
  };
}

export async function invitePasskeyOptions(context: Context, token: string, name: string) {
  const { db, config } = context;
  const invite = usable(await findInvite(db, hashToken(token)), new Date());
  return registrationOptions(db, config, {
    staffId: invite.staffId,
    email: invite.email,
    name,
    trainerName: await trainerName(db, invite.trainerId),
    purpose: 'invite',
    inviteId: invite.id,
  });
}

/** Makes the account, its first passkey and its session together; the invitation is spent. */
export async function acceptInvite(
  { db, config }: Context,
  token: string,
  input: { name: string; response: RegistrationResponseJSON; deviceName?: string | undefined },
  userAgent: string | undefined,
): Promise<SignedIn> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const invite = usable(await lockInvite(tx, hashToken(token)), now);
    const passkey = await verifiedRegistration(tx, config, input.response, {
      purpose: 'invite',
      staffId: invite.staffId,
      inviteId: invite.id,
    });
    if ((await staffByEmail(tx, invite.email, invite.trainerId)).length > 0) {
      throw conflict('studio.alreadyStaff', { email: invite.email });
    }
    if (await findPasskey(tx, passkey.credentialId)) throw conflict('studio.passkeyTaken');
    const row: StaffRow = {
      id: invite.staffId,
      trainerId: invite.trainerId,
      email: invite.email,
      name: input.name,
      role: invite.role,
      locale: invite.locale,
      createdAt: now,
    };
    await insertStaff(tx, row);
    await insertPasskey(tx, {
      id: newId('pk'),
      staffId: row.id,
      deviceName: input.deviceName ?? null,
      ...passkey,
    });
    await markInviteUsed(tx, invite.id, now);
    const caller = callerOf(row);
    await auditChange(tx, caller, row.trainerId, 'studioAcceptInvite', row.id, toInvite(invite), {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
    });
    return { member: row, session: await startSession(tx, row, userAgent) };
  });
}

// ---- Signing in ----

// ---- The trainer's staff ----

export async function listStaff(db: Database, trainerId: string) {
  await trainerName(db, trainerId);
  const staff = (await staffOf(db, trainerId)).map(({ member, passkeys }): Schemas['StudioStaffMember'] => ({
    id: member.id,
    email: member.email,
    name: member.name,
    role: member.role,
    createdAt: member.createdAt.toISOString(),
    passkeys: Number(passkeys),
  }));
  return { staff, invites: (await openInvites(db, trainerId, new Date())).map(toInvite) };
}

const memberView = (member: StaffRow, passkeys: number): Schemas['StudioStaffMember'] => ({
  id: member.id,
  email: member.email,
  name: member.name,
  role: member.role,
  createdAt: member.createdAt.toISOString(),
  passkeys,
});

/** Removes a staff member with their passkeys, sessions and links; never the last owner. */
export async function removeStaff(
  db: Database,
  caller: Actor,
  trainerId: string,
  staffId: string,
): Promise<Schemas['StudioStaffMember']> {
  return db.transaction(async (tx) => {
    const owners = await lockOwners(tx, trainerId);
    const member = await findStaff(tx, trainerId, staffId);
    if (!member) throw notFound('studio.unknownStaff', { id: staffId });
    if (member.role === 'owner' && owners.length === 1) throw conflict('studio.lastOwner');
    const removed = memberView(member, (await passkeysOf(tx, staffId)).length);
    await deleteStaff(tx, staffId);
    await auditChange(tx, caller, trainerId, 'adminRemoveStaff', staffId, removed, null);
    return removed;
  });
}

/**
 * Makes a staff member an owner or a coach. Their role is read with every call of their sessions,
 * so the change applies at once; the last owner is never made a coach (the owners are locked, as a
 * removal locks them, so two owners demoting each other at once leave one).
 */
export async function changeStaffRole(
  db: Database,
  caller: Actor,
  trainerId: string,
  staffId: string,
  role: StaffRole,
): Promise<Schemas['StudioStaffMember']> {
  return db.transaction(async (tx) => {
    const owners = await lockOwners(tx, trainerId);
    const member = await findStaff(tx, trainerId, staffId);
    if (!member) throw notFound('studio.unknownStaff', { id: staffId });
    if (member.role === 'owner' && role === 'coach' && owners.length === 1) {
      throw conflict('studio.lastOwnerRole');
    }
    const passkeys = (await passkeysOf(tx, staffId)).length;
    const before = memberView(member, passkeys);
    if (member.role === role) return before;
    await setStaffRole(tx, staffId, role);
    const after = { ...before, role };
    await auditChange(tx, caller, trainerId, 'studioChangeStaffRole', staffId, before, after);
    return after;
  });
}
