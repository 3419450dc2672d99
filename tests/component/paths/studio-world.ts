// The world the studio's UI paths run in (msw): Mia Member, who paid $49.00 for the 30-Day Shred by
// Visa •••• 4242; the Monthly plan at $29.99, bought by members; and what the studio's API answers
// to each call a path answers as accepted.
import { INVITE, SIGNED_IN } from '../../paths/executors/staff-sign-in.ts';
import type { Call, Outcome } from '../../paths/ui.ts';
import { MEMBERSHIP, studioCharge, studioMember, studioPlan } from '../studio/studio-fixtures.ts';

const CHARGE = studioCharge('ch_shred', '30-Day Shred', 4900);
const MONTHLY = studioPlan('price_monthly', 'Monthly', 2999, { sold: true });

export const STUDIO_WORLD = {
  member: studioMember({ charges: [CHARGE] }),
  products: [MEMBERSHIP],
  plans: [MONTHLY],
};

/** WebAuthn options as the server sends them (base64url): enough for the browser's call to be made. */
const AUTHENTICATION_OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [] };
const REGISTRATION_OPTIONS = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { id: 'localhost', name: 'Fit with Ana' },
  user: { id: 'dXNlcg', name: INVITE.email, displayName: 'Carl Coach' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
};

/** The studio API's answer to an accepted call: its status and body, as the contract has them. */
export function answerBody(call: Call, outcome: Outcome & { ok: true }): { status: number; body: unknown } {
  const ok = (body: Record<string, unknown>, status = 200) => ({ status, body: { success: true, ...body } });
  switch (call) {
    case 'previewRefund':
      return ok({ refund: outcome.body });
    case 'refundCharge':
      return ok({ charge: { ...CHARGE, refunded: true }, pending: false });
    case 'checkChange': {
      const replaces = (outcome.body as { replaces: boolean }).replaces;
      return ok({
        preview: { replaces, changes: [replaces ? 'amount' : 'nicknames'], summary: 'The change' },
      });
    }
    case 'saveItem':
      return ok({ plan: MONTHLY });
    case 'archiveItem':
      return ok({ plan: { ...MONTHLY, archived: true } });
    case 'passkeyOptions':
      return ok({ options: AUTHENTICATION_OPTIONS });
    case 'inviteOptions':
      return ok({ options: REGISTRATION_OPTIONS });
    case 'verifyPasskey':
    case 'verifyLink':
    case 'acceptInvite':
      return ok({ staff: { ...SIGNED_IN, trainerID: 'trainer_1', trainerName: 'Fit with Ana' } });
    case 'requestLink':
      return ok({ message: 'Sent.' }, 202);
    case 'readInvite':
      return ok({ invite: INVITE });
    default:
      throw new Error(`the studio answers no ${call}`);
  }
}
