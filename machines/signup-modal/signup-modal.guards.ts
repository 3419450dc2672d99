// The conditions the modal and its account step share, written once.
import type { User } from '../../domain/api-types.ts';
import type { Offer } from './signup-modal.types.ts';

export const verificationEnabled = ({ context }: { context: { offer: Offer } }) =>
  context.offer.enableEmailVerification;

export const signedIn = ({ context }: { context: { user: User | null } }) => context.user !== null;

/** A child flow (email verification, checkout) ended with an error in its output. */
export const childFailed = ({ event }: { event: object }) =>
  'output' in event && typeof event.output === 'object' && event.output !== null && 'error' in event.output
    ? event.output.error !== null
    : false;
