// The machines whose statecharts are documented in docs/statecharts (one page each).
import type { AnyStateMachine } from 'xstate';
import { checkoutMachine } from './checkout/checkout.machine.ts';
import { emailVerificationMachine } from './email-verification/email-verification.machine.ts';
import { sessionMachine } from './session/session.machine.ts';
import { signupModalMachine } from './signup-modal/signup-modal.machine.ts';
import { subscriptionLifecycleMachine } from './subscription-lifecycle/subscription-lifecycle.machine.ts';
import { upgradeMachine } from './upgrade/upgrade.machine.ts';

export interface Statechart {
  /** The flow's folder under machines/ and the page's file name. */
  slug: string;
  title: string;
  machine: AnyStateMachine;
}

export const statecharts: Statechart[] = [
  { slug: 'session', title: 'Session', machine: sessionMachine },
  { slug: 'signup-modal', title: 'Signup modal', machine: signupModalMachine },
  { slug: 'email-verification', title: 'Email verification', machine: emailVerificationMachine },
  { slug: 'upgrade', title: 'Upgrade', machine: upgradeMachine },
  { slug: 'checkout', title: 'Checkout', machine: checkoutMachine },
  {
    slug: 'subscription-lifecycle',
    title: 'Subscription lifecycle (server)',
    machine: subscriptionLifecycleMachine,
  },
];
