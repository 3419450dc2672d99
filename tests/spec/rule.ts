// What a rule of the spec sees of one step of a path, and the shape of a rule. The views below are
// written here, from the spec's words, not imported from machines/: an oracle that read the machine's
// constants or types would move with the machine it judges.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';

/** One step of a generated path, as observed while it was replayed on the machine. */
export interface SpecStep {
  /** The machine's id (`signupModal`, `checkout`…): which flow's rules apply. */
  flow: string;
  /** The path, as its test names it (a UI path's id, or a machine path's events). */
  path: string;
  index: number;
  /** The machine's input for this path, if it takes one. */
  input: unknown;
  event: AnyEventObject;
  /** Undefined at the path's start. */
  before: AnyMachineSnapshot | undefined;
  after: AnyMachineSnapshot;
  /**
   * For a timed step (`after`), how long the simulated clock ran before the machine moved: it did
   * not move one millisecond earlier. Null for any other step.
   */
  waited: number | null;
  /** The side effects the step ran, by name. */
  ran: string[];
  /** The calls and child flows the step started, by name, with their input. */
  started: { name: string; input: unknown }[];
}

export interface Rule {
  /** `spec-<section>-<what>`: stable, named in failures and in the coverage list. */
  id: string;
  /** The spec's section the rule comes from. */
  section: string;
  /** The rule in plain words, as a failure names it. */
  says: string;
  applies: (step: SpecStep) => boolean;
  /** Null when the step keeps the rule; else what was seen instead. */
  check: (step: SpecStep) => string | null;
  /**
   * The machine knowingly does otherwise: the check still runs and its failures are listed by the
   * coverage test, but do not fail the path. Says why the machine differs.
   */
  knownDeviation?: string;
}

/** A plan or price as the spec describes it (spec 3). */
export interface PlanView {
  id: string;
  type?: string;
  amount?: number;
  interval?: string | null;
}

/** A user as the spec describes it (spec 3). */
export interface UserView {
  email_verified?: boolean;
  token?: string | null;
  profile?: {
    subscribed_plan?: string | null;
    endPlan_date?: string | null;
    subscription_plan_type?: string;
  };
  customer?: { subscriptions?: { data?: unknown[] } };
}

export function contextOf<T>(snapshot: AnyMachineSnapshot | undefined): T {
  return (snapshot?.context ?? {}) as T;
}

export function field<T>(event: AnyEventObject, name: string): T {
  return (event as Record<string, unknown>)[name] as T;
}

/** The message of an invoked call's failure, as the server sent it. */
export function errorMessage(event: AnyEventObject): string | undefined {
  const error = field<unknown>(event, 'error');
  return error instanceof Error ? error.message : undefined;
}

/** The HTTP status of an invoked call's failure (0: no answer), when the error carries one. */
export function errorStatus(event: AnyEventObject): number | undefined {
  const error = field<{ status?: unknown } | undefined>(event, 'error');
  return typeof error?.status === 'number' ? error.status : undefined;
}

/**
 * Spec 6: subscribed means an active subscription, or a native one (subscribed_plan '1' with an
 * end date not yet past) at `now`.
 */
export function subscribed(user: UserView | null | undefined, now: number): boolean {
  if (!user) return false;
  if ((user.customer?.subscriptions?.data?.length ?? 0) > 0) return true;
  const end = user.profile?.endPlan_date ? Date.parse(user.profile.endPlan_date) : Number.NaN;
  return user.profile?.subscribed_plan === '1' && !(end < now);
}

export const seen = (value: unknown) => JSON.stringify(value) ?? 'undefined';
