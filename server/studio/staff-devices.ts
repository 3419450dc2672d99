// A staff member's own sessions and passkeys (decision 142): listed, a session ended at once (this
// one included), another device's passkey registered, a passkey removed but never the last.
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { components } from '../../openapi/schema.d.ts';
import { auditChange } from '../admin/audit.ts';
import type { ServerContext } from '../context.ts';
import { newId } from '../db/ids.ts';
import type { Database } from '../db/index.ts';
import { conflict, notFound } from '../errors.ts';
import { registrationOptions, verifiedRegistration } from './passkeys.ts';
import {
  deletePasskey,
  findPasskey,
  insertPasskey,
  liveSessionsOf,
  lockStaff,
  passkeysOf,
  revokeSession,
} from './staff.repository.ts';
import { SESSION_IDLE_MS, type StaffAuth } from './staff-sessions.ts';

type Schemas = components['schemas'];
type Context = Pick<ServerContext, 'db' | 'config' | 'mail'>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function listSessions(db: Database, auth: StaffAuth): Promise<Schemas['StudioSession'][]> {
  const now = new Date();
  const rows = await liveSessionsOf(db, auth.caller.staffId, now, new Date(now.getTime() - SESSION_IDLE_MS));
  return rows.map((s) => ({
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    userAgent: s.userAgent,
    current: s.id === auth.sessionId,
  }));
}

export async function endSession(db: Database, auth: StaffAuth, sessionId: string): Promise<void> {
  if (!(await revokeSession(db, auth.caller.staffId, sessionId, new Date()))) {
    throw notFound('studio.unknownSession', { id: sessionId });
  }
}

const toPasskey = (row: Awaited<ReturnType<typeof passkeysOf>>[number]): Schemas['StudioPasskey'] => ({
  id: row.id,
  deviceName: row.deviceName,
  transports: row.transports,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: iso(row.lastUsedAt),
});

export async function listPasskeys(db: Database, auth: StaffAuth): Promise<Schemas['StudioPasskey'][]> {
  return (await passkeysOf(db, auth.caller.staffId)).map(toPasskey);
}

export async function addPasskeyOptions({ db, config }: Context, auth: StaffAuth) {
  const { caller } = auth;
  return registrationOptions(db, config, {
    staffId: caller.staffId,
    email: caller.email,
    name: caller.name,
    trainerName: auth.trainerName,
    purpose: 'addPasskey',
    existing: await passkeysOf(db, caller.staffId),
  });
}

export async function addPasskey(
  { db, config }: Context,
  auth: StaffAuth,
  input: { response: RegistrationResponseJSON; deviceName?: string | undefined },
): Promise<Schemas['StudioPasskey']> {
  const { caller } = auth;
  return db.transaction(async (tx) => {
    const passkey = await verifiedRegistration(tx, config, input.response, {
      purpose: 'addPasskey',
      staffId: caller.staffId,
    });
    if (await findPasskey(tx, passkey.credentialId)) throw conflict('studio.passkeyTaken');
    const id = newId('pk');
    await insertPasskey(tx, {
      id,
      staffId: caller.staffId,
      deviceName: input.deviceName ?? null,
      ...passkey,
    });
    const added = (await passkeysOf(tx, caller.staffId)).find((p) => p.id === id);
    if (!added) throw new Error('the passkey just added is not there');
    await auditChange(tx, caller, caller.trainerId, 'studioAddPasskey', id, null, toPasskey(added));
    return toPasskey(added);
  });
}

export async function removePasskey(db: Database, auth: StaffAuth, passkeyId: string): Promise<void> {
  const { caller } = auth;
  await db.transaction(async (tx) => {
    await lockStaff(tx, caller.staffId);
    const held = await passkeysOf(tx, caller.staffId);
    const passkey = held.find((p) => p.id === passkeyId);
    if (!passkey) throw notFound('studio.unknownPasskey', { id: passkeyId });
    if (held.length === 1) throw conflict('studio.lastPasskey');
    await deletePasskey(tx, caller.staffId, passkeyId);
    await auditChange(
      tx,
      caller,
      caller.trainerId,
      'studioRemovePasskey',
      passkeyId,
      toPasskey(passkey),
      null,
    );
  });
}
