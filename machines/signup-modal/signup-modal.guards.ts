// The conditions the modal and its account step share, written once.
import type { User } from '../../domain/api-types.ts';
import type { Offer } from './signup-modal.types.ts';

export const verificationEnabled = ({ context }: { context: { offer: Offer } }) =>
  context.offer.enableEmailVerification;

export const signedIn = ({ context }: { context: { user: User | null } }) => context.user !== null;

/** The output a child flow ended with; guards are typed for every event, so they look it up. */
export const outputOf = (event: object): Record<string, unknown> | null =>
  'output' in event && typeof event.output === 'object'
    ? (event.output as Record<string, unknown> | null)
    : null;

/** A child flow (email verification, checkout) ended with an error in its output. */
export const childFailed = ({ event }: { event: object }) => Boolean(outputOf(event)?.error);
