// Passkeys (WebAuthn) through @simplewebauthn/server (decision 142). The relying party is the site:
// its id is PUBLIC_URL's host and the only origin accepted is PUBLIC_URL's. Each challenge handed to a
// browser is a row of staff_challenges, spent (deleted) as its answer is checked, so it is answered
// once within five minutes on whichever instance; the answer names its challenge in clientDataJSON.
// Sign-in asks for a discoverable credential: the browser offers the passkeys it holds for the site,
// and the credential's id names the staff member.
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Config } from '../config.ts';
import type { Database, Transaction } from '../db/index.ts';
import type { StaffPasskeyRow } from '../db/schema.ts';
import { unauthorized } from '../errors.ts';
import { insertChallenge, spendChallenge } from './staff.repository.ts';

const CHALLENGE_MS = 5 * 60 * 1000;
type Purpose = 'signIn' | 'invite' | 'addPasskey';

export interface RelyingParty {
  id: string;
  origin: string;
}

export function relyingParty(config: Pick<Config, 'publicUrl'>): RelyingParty {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, origin: url.origin };
}

async function keepChallenge(
  db: Database,
  challenge: string,
  purpose: Purpose,
  refs: { staffId?: string; inviteId?: string } = {},
): Promise<void> {
  const now = new Date();
  await insertChallenge(db, {
    challenge,
    purpose,
    staffId: refs.staffId ?? null,
    inviteId: refs.inviteId ?? null,
    expiresAt: new Date(now.getTime() + CHALLENGE_MS),
  });
}

/** Checks that the challenge is one this server handed out for this purpose (and account), and spends it. */
const spentFor =
  (db: Database | Transaction, purpose: Purpose, refs: { staffId?: string; inviteId?: string } = {}) =>
  async (challenge: string): Promise<boolean> => {
    const row = await spendChallenge(db, challenge, new Date());
    if (!row || row.purpose !== purpose) return false;
    if (refs.staffId && row.staffId !== refs.staffId) return false;
    if (refs.inviteId && row.inviteId !== refs.inviteId) return false;
    return true;
  };

export async function signInOptions(db: Database, config: Pick<Config, 'publicUrl'>) {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).id,
    userVerification: 'preferred',
  });
  await keepChallenge(db, options.challenge, 'signIn');
  return options;
}

export async function registrationOptions(
  db: Database,
  config: Pick<Config, 'publicUrl'>,
  account: {
    staffId: string;
    email: string;
    name: string;
    trainerName: string;
    purpose: 'invite' | 'addPasskey';
    inviteId?: string;
    existing?: StaffPasskeyRow[];
  },
) {
  const options = await generateRegistrationOptions({
    rpName: account.trainerName,
    rpID: relyingParty(config).id,
    userName: account.email,
    userDisplayName: account.name,
    userID: new TextEncoder().encode(account.staffId),
    attestationType: 'none',
    excludeCredentials: (account.existing ?? []).map((p) => ({
      id: p.credentialId,
      transports: p.transports,
    })),
    // A discoverable credential, so signing in needs no address typed first.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keepChallenge(db, options.challenge, account.purpose, {
    staffId: account.staffId,
    ...(account.inviteId && { inviteId: account.inviteId }),
  });
  return options;
}

export interface NewPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** The passkey a registration answer makes, once its challenge and signature hold; 401 otherwise. */
export async function verifiedRegistration(
  db: Database | Transaction,
  config: Pick<Config, 'publicUrl'>,
  response: RegistrationResponseJSON,
  expected: { purpose: 'invite' | 'addPasskey'; staffId: string; inviteId?: string },
): Promise<NewPasskey> {
  const rp = relyingParty(config);
  const { purpose, ...refs } = expected;
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: spentFor(db, purpose, refs),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw unauthorized('studio.passkeyRefused');
  const { credential } = verification.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? response.response.transports ?? [],
  };
}

/** Checks a sign-in answer against the stored passkey; the new counter, or 401. */
export async function verifiedAuthentication(
  db: Database,
  config: Pick<Config, 'publicUrl'>,
  response: AuthenticationResponseJSON,
  passkey: StaffPasskeyRow,
): Promise<number> {
  const rp = relyingParty(config);
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: spentFor(db, 'signIn'),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.counter,
      transports: passkey.transports as AuthenticatorTransport[],
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw unauthorized('studio.passkeyRefused');
  return verification.authenticationInfo.newCounter;
}
