// A checkout, plan change or portal visit is recorded before the gateway is asked to host it.
import type { Database } from '../db/index.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import type { PaymentProcessor } from '../payments/processor.ts';
import { expireCheckoutSession } from './checkout.repository.ts';

/** What starting a hosted page needs. */
export interface CheckoutDeps {
  db: Database;
  gateway: PaymentGateway;
  /** The transaction a gateway's change is recorded in, when the gateway records it at once (the sandbox). */
  processor: Pick<PaymentProcessor, 'transaction'>;
  publicUrl: string;
}

/** When the gateway refuses or cannot be reached, our record of the session is closed too, never left open. */
export async function closedOnFailure<T>(
  db: Database,
  sessionId: string,
  start: () => Promise<T>,
): Promise<T> {
  try {
    return await start();
  } catch (error) {
    await expireCheckoutSession(db, sessionId);
    throw error;
  }
}
