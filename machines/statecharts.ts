// The machines whose statecharts are documented in docs/statecharts (one page each).
import type { AnyStateMachine } from 'xstate';
import { subscriptionLifecycleMachine } from '../domain/subscription-lifecycle.machine.ts';
import { addressMachine } from './address/address.machine.ts';
import { appMachine } from './app/app.machine.ts';
import { catalogueEditMachine } from './catalogue-edit/catalogue-edit.machine.ts';
import { checkoutMachine } from './checkout/checkout.machine.ts';
import { confirmationMachine } from './confirmation/confirmation.machine.ts';
import { emailVerificationMachine } from './email-verification/email-verification.machine.ts';
import { libraryPlayerMachine } from './library-player/library-player.machine.ts';
import { modalOpeningMachine } from './modal-opening/modal-opening.machine.ts';
import { sessionMachine } from './session/session.machine.ts';
import { authStepMachine } from './signup-modal/auth-step.machine.ts';
import { signupModalMachine } from './signup-modal/signup-modal.machine.ts';
import { staffSignInMachine } from './staff-sign-in/staff-sign-in.machine.ts';
import { studioRefundMachine } from './studio-refund/studio-refund.machine.ts';
import { upgradeMachine } from './upgrade/upgrade.machine.ts';

export interface Statechart {
  /** The page's file name. */
  slug: string;
  /** The machine's source file, from the repository root. */
  source: string;
  title: string;
  machine: AnyStateMachine;
}

export const statecharts: Statechart[] = [
  {
    slug: 'app',
    title: "App (the flows' actor system and its wiring)",
    machine: appMachine,
    source: 'machines/app/app.machine.ts',
  },
  {
    slug: 'session',
    title: 'Session',
    machine: sessionMachine,
    source: 'machines/session/session.machine.ts',
  },
  {
    slug: 'address',
    title: 'Address (emailed links, members-only pages)',
    machine: addressMachine,
    source: 'machines/address/address.machine.ts',
  },
  {
    slug: 'modal-opening',
    title: 'Opening the signup modal',
    machine: modalOpeningMachine,
    source: 'machines/modal-opening/modal-opening.machine.ts',
  },
  {
    slug: 'signup-modal',
    title: 'Signup modal',
    machine: signupModalMachine,
    source: 'machines/signup-modal/signup-modal.machine.ts',
  },
  {
    slug: 'account-step',
    title: 'Signup modal, step 1 (account)',
    machine: authStepMachine,
    source: 'machines/signup-modal/auth-step.machine.ts',
  },
  {
    slug: 'email-verification',
    title: 'Email verification',
    machine: emailVerificationMachine,
    source: 'machines/email-verification/email-verification.machine.ts',
  },
  {
    slug: 'upgrade',
    title: 'Upgrade',
    machine: upgradeMachine,
    source: 'machines/upgrade/upgrade.machine.ts',
  },
  {
    slug: 'checkout',
    title: 'Checkout',
    machine: checkoutMachine,
    source: 'machines/checkout/checkout.machine.ts',
  },
  {
    slug: 'confirmation',
    title: 'Confirmation page (waiting for the purchase)',
    machine: confirmationMachine,
    source: 'machines/confirmation/confirmation.machine.ts',
  },
  {
    slug: 'library-player',
    title: "Library player (a day, a lesson or a library entry of the members' area)",
    machine: libraryPlayerMachine,
    source: 'machines/library-player/library-player.machine.ts',
  },
  {
    slug: 'staff-sign-in',
    title: 'Staff sign-in (the studio: a passkey, an emailed link, an invite)',
    machine: staffSignInMachine,
    source: 'machines/staff-sign-in/staff-sign-in.machine.ts',
  },
  {
    slug: 'studio-refund',
    title: 'Refund from the studio (the exact words, confirmed; a changed charge confirmed again)',
    machine: studioRefundMachine,
    source: 'machines/studio-refund/studio-refund.machine.ts',
  },
  {
    slug: 'catalogue-edit',
    title: 'Catalogue edit in the studio (a sold price replaced, said before saving)',
    machine: catalogueEditMachine,
    source: 'machines/catalogue-edit/catalogue-edit.machine.ts',
  },
  {
    slug: 'subscription-lifecycle',
    title: 'Subscription lifecycle (server)',
    machine: subscriptionLifecycleMachine,
    source: 'domain/subscription-lifecycle.machine.ts',
  },
];
