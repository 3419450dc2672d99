/**
 * Starting a checkout (spec section 4), invoked by the signup modal (`systemId: 'checkout'`) with
 * everything it needs as input: the prices, whether the email is verified, the current path and the
 * coupon and campaign read from the address.
 *
 * Lifecycle: checkout is blocked until the email is verified. Otherwise the attempt is reported to
 * analytics (price, product, coupon), the checkout session is started with the prices that exist,
 * the coupon from the URL or else the promo code, and the campaign or null, and the browser is sent
 * to the session's url. Whether or not that start succeeded (a failure is swallowed), the app
 * navigates to `{current path}/confirmation` and the modal closes after 2 s (`closeAfterCheckout`).
 *
 * Why it is shaped so: the redirect and the navigation are separate named actions so the app decides
 * what each does (a full-page redirect, a router navigation), and tests see both.
 */
import { assign, fromPromise, setup } from 'xstate';
import { presentPrices } from '../../domain/plans.ts';
import { notProvided } from '../not-provided.ts';
import {
  type CheckoutAttempt,
  type CheckoutContext,
  type CheckoutInput,
  type CheckoutOutput,
  type StartCheckoutInput,
  VERIFY_BEFORE_CHECKOUT,
} from './checkout.types.ts';

/** The coupon comes from the URL, else from the site's promo code. */
export function couponOf(context: Pick<CheckoutInput, 'couponFromUrl' | 'promoCode'>): string | null {
  return context.couponFromUrl || context.promoCode || null;
}

export function checkoutAttemptOf(context: CheckoutInput): CheckoutAttempt {
  return {
    price: presentPrices(context.prices)[0] ?? null,
    product: context.productId,
    coupon: couponOf(context),
  };
}

export const checkoutMachine = setup({
  // Stryker disable next-line ObjectLiteral: types only, erased at run time.
  types: {
    context: {} as CheckoutContext,
    input: {} as CheckoutInput,
    output: {} as CheckoutOutput,
  },
  actors: {
    startCheckoutSession: fromPromise<string, StartCheckoutInput>(async () =>
      notProvided('startCheckoutSession'),
    ),
  },
  actions: {
    trackCheckoutAttempt: () => {},
    redirectToCheckout: (_, _url: string) => {},
    navigateToConfirmation: () => {},
  },
  guards: {
    emailVerified: ({ context }) => context.emailVerified,
  },
  delays: {
    closeAfterCheckout: 2000,
  },
}).createMachine({
  id: 'checkout',
  description: 'Starts the hosted checkout and lands on the confirmation page.',
  meta: {
    guards: { emailVerified: "The member's email is verified." },
    delays: { closeAfterCheckout: 'How long before the modal closes once checkout has started: 2 s.' },
  },
  context: ({ input }) => ({ ...input, error: null, started: false }),
  initial: 'checkingEmail',
  states: {
    checkingEmail: {
      description: 'Checkout is blocked until the email is verified.',
      always: [
        { guard: 'emailVerified', target: 'starting', description: 'The email is verified.' },
        {
          target: 'blocked',
          description: "'Please verify your email before proceeding to checkout'.",
          actions: assign({ error: VERIFY_BEFORE_CHECKOUT }),
        },
      ],
    },
    blocked: {
      type: 'final',
      description: 'Nothing was started; the modal shows the message.',
      tags: ['error'],
    },
    starting: {
      description: 'Reports the attempt to analytics and starts the checkout session.',
      tags: ['loading'],
      entry: 'trackCheckoutAttempt',
      invoke: {
        id: 'startCheckoutSession',
        src: 'startCheckoutSession',
        input: ({ context }) => ({
          prices: presentPrices(context.prices),
          coupon: couponOf(context),
          campaign: context.campaign,
          route: context.route,
        }),
        onDone: {
          target: 'confirming',
          description: "Started: the browser goes to the checkout session's url.",
          actions: [
            assign({ started: true }),
            { type: 'redirectToCheckout', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'confirming',
          description: 'A failed start is swallowed: the flow still navigates.',
        },
      },
    },
    confirming: {
      description: 'Navigates to `{current path}/confirmation`, then waits before closing the modal.',
      tags: ['loading'],
      entry: 'navigateToConfirmation',
      after: {
        closeAfterCheckout: { target: 'done', description: 'Closes the modal after 2 s.' },
      },
    },
    done: { type: 'final', description: 'Checkout has started (or failed quietly); the modal closes.' },
  },
  output: ({ context }) => ({ started: context.started, error: context.error }),
});
