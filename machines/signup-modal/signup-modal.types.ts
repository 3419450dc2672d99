import type { Plan, SelectedOrder, User } from '../../domain/api-types.ts';
import type { OfferKind } from '../../domain/plans.ts';

export type ModalType = 'signup' | 'login';
export type ModalStep = 1 | 2 | 3;

/** What is on sale where the modal opened, from the server's products and the site settings. */
export interface Offer {
  kind: OfferKind;
  /** The challenge or course product of step 2, or the subscription product. */
  productId: string | null;
  /** The plans of step 2 (a challenge's or a course's). */
  plans: Plan[];
  /**
   * Step 3: the membership's product and recurring plans, as on sale when the modal opened, and its
   * texts: the active challenge's own, else the site's checkout texts (null: the catalogue's).
   */
  subscription: {
    productId: string | null;
    plans: Plan[];
    headerText: string | null;
    subText: string | null;
    buttonText: string | null;
  };
  enableEmailVerification: boolean;
  promoCode: string | null;
}

/** Where the modal opened: the current path and the query parameters the flows read. */
export interface Place {
  path: string;
  token: string | null;
  verified: boolean;
  coupon: string | null;
  campaign: string | null;
  /** The interface language, sent at signup so the verification email matches it. */
  locale?: 'en' | 'es';
  /**
   * The plan (price id) the visitor chose before the modal opened, from the address's `plan`
   * (decision 114): it rides the address through signup, the emailed link and login.
   */
  plan?: string | null;
}

export interface SignupModalContext {
  modalType: ModalType;
  offer: Offer;
  place: Place;
  /** The user as the session last reported it. */
  user: User | null;
  selectedOrder: SelectedOrder | null;
  /**
   * The membership plan chosen before the modal opened (the address's `plan`, when it is on sale):
   * step 3 starts with it selected, so the member pays for it without choosing again.
   */
  preselectedPlan: string | null;
  /** A message key of spec section 8, or a server message passed through as sent. */
  error: string | null;
  /**
   * When the modal opened (ms since the epoch), from the event: the rules that depend on the date (a
   * native subscription's end) read it here, so the machine never reads a clock.
   */
  openedAt: number;
  /** Where step 1 begins when the modal enters it. */
  authStart: AuthStart;
}

/** The first screen of step 1: the form the modal opened as (signup or login), or one of two dialogs. */
export type AuthStart = 'form' | 'checkInbox' | 'verifyingEmail';

/** What step 1 (the account step) starts with. */
export interface AuthStepInput {
  modalType: ModalType;
  start: AuthStart;
  offer: Offer;
  place: Place;
  user: User | null;
}

export interface AuthStepContext extends AuthStepInput {
  /** A message key of spec section 8, or a server message passed through as sent. */
  error: string | null;
  /** A key of `MODAL_NOTICES`: what the login form says that is not an error. */
  notice: string | null;
}

/** The events of step 1: the forms', the check-your-inbox dialog's, and the session's answers. */
export type AuthStepEvent = Extract<
  SignupModalEvent,
  {
    type:
      | 'auth.switchToLogin'
      | 'auth.switchToSignup'
      | 'auth.submitSignup'
      | 'auth.submitLogin'
      | 'auth.forgotPassword'
      | 'auth.submitReset'
      | 'auth.backToLogin'
      | 'auth.alreadySubscribed'
      | 'auth.contactSupport'
      | 'auth.succeeded'
      | 'auth.failed'
      | 'verification.resend'
      | 'verification.alreadyChecked';
  }
>;

export interface Credentials {
  email: string;
  password: string;
}

export type SignupModalEvent =
  | {
      type: 'modal.open';
      modalType?: ModalType;
      step?: ModalStep;
      offer: Offer;
      place: Place;
      user: User | null;
      /** The time of opening, ms since the epoch. */
      now: number;
    }
  | { type: 'modal.close' }
  | { type: 'modal.back' }
  | { type: 'auth.switchToLogin' }
  | { type: 'auth.switchToSignup' }
  | ({ type: 'auth.submitSignup'; name: string } & Credentials)
  | ({ type: 'auth.submitLogin' } & Credentials)
  | { type: 'auth.forgotPassword' }
  | { type: 'auth.submitReset'; email: string }
  | { type: 'auth.backToLogin' }
  | { type: 'auth.alreadySubscribed' }
  | { type: 'auth.contactSupport' }
  | { type: 'auth.succeeded'; user: User }
  | { type: 'auth.failed'; message: string }
  | { type: 'verification.resend' }
  | { type: 'verification.alreadyChecked' }
  | { type: 'plan.select'; sku: string | null; plan: string }
  | { type: 'plans.next' }
  | { type: 'plans.manageSubscription' }
  /** Step 1's account view, for a signed-in member: Continue, and 'Not you? Log out'. */
  | { type: 'account.continue' }
  | { type: 'account.logout' }
  /** The session signed the member out (spec 4's side effects, the selected order among them). */
  | { type: 'member.signedOut' };

/** The modal's client message keys (spec section 8). */
export const MODAL_ERRORS = {
  pleaseEnterEmailAndPassword: 'signup.pleaseEnterEmailAndPassword',
  verifyEmail: 'signup.verifyEmail.error',
  pleaseSelectSubscription: 'signup.pleaseSelectSubscription',
  emailVerificationFailed: 'signup.emailVerificationFailed',
  emailAlreadyVerified: 'signup.emailAlreadyVerified',
} as const;

/** What step 1 tells the member that is not an error (decision 135). */
export const MODAL_NOTICES = {
  /** The verified view of a `verified=true` address, with nobody signed in: what is left is to log in. */
  emailVerifiedLogIn: 'signup.emailVerifiedLogIn',
} as const;
