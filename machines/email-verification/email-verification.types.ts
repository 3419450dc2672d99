import type { User } from '../../domain/api-types.ts';

export interface EmailVerificationInput {
  /** The `token` query parameter of the verification link, if any. */
  token: string | null;
  /** The `verified=true` query parameter: the email was verified elsewhere; only show the view. */
  verified: boolean;
  /** The site setting `enableEmailVerification`. */
  enabled: boolean;
}

export interface EmailVerificationContext extends EmailVerificationInput {
  user: User | null;
  /** The message key of spec section 8 on failure. */
  error: string | null;
}

export type EmailVerificationEvent = { type: 'verification.continue' };

export interface EmailVerificationOutput {
  user: User | null;
  error: string | null;
}

export const EMAIL_VERIFICATION_FAILED = 'signup.emailVerificationFailed';
/** The link was used before and the email is verified: not a failure (spec section 8 keys). */
export const EMAIL_ALREADY_VERIFIED = 'signup.emailAlreadyVerified';
/** What the update call throws when the server refuses (spec section 8). */
export const VERIFY_EMAIL_ERROR = 'Failed to verify email';
