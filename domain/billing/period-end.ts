// What the end of a subscription's current period brings: the one story every surface tells of it
// (the member view, the profile, the billing portal, the emails, the engine's schedule). It ends,
// it changes to a plan scheduled for the renewal, or it renews on its plan. A subscription set to
// end has nothing scheduled, whatever its record still holds: the renewal a scheduled change waits
// for never comes, so ending wins, and no surface may say both (decision 133).

export type PeriodEnd<P> =
  /** Set to end at the period's end: nothing more is charged. */
  | { kind: 'ends' }
  /** A cheaper plan takes over at the renewal (a downgrade waits for it, decision 043). */
  | { kind: 'changes'; to: P }
  /** Renews on the plan it is on (after a trial, the first charge). */
  | { kind: 'renews' };

export interface PeriodEndFacts<P> {
  cancelAtPeriodEnd: boolean;
  /** The plan scheduled for the renewal, if the record has one. */
  scheduled: P | null;
}

export function periodEnd<P>({ cancelAtPeriodEnd, scheduled }: PeriodEndFacts<P>): PeriodEnd<P> {
  if (cancelAtPeriodEnd) return { kind: 'ends' };
  return scheduled ? { kind: 'changes', to: scheduled } : { kind: 'renews' };
}

/**
 * Whether the member can keep the plan they are on, as Stripe's portal lets them: something the
 * member scheduled (a change, or the end) would take it away at the period's end.
 */
export function keepable<P>(facts: PeriodEndFacts<P>): boolean {
  return periodEnd(facts).kind !== 'renews';
}
