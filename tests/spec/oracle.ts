// The spec's rules as an oracle: every step of every generated path (machine paths and the machine
// steps of the UI paths) is checked against the rules of its flow that apply to it, and a failure
// names the rule. The rules are written from the spec, so a machine that drifts from the spec fails
// here even though the paths, generated from that machine, agree with it.
import { addressRules } from './address.rules.ts';
import { authStepRules } from './auth-step.rules.ts';
import { catalogueEditRules } from './catalogue-edit.rules.ts';
import { checkoutRules } from './checkout.rules.ts';
import { emailVerificationRules } from './email-verification.rules.ts';
import { libraryPlayerRules } from './library-player.rules.ts';
import type { Rule, SpecStep } from './rule.ts';
import { sessionRules } from './session.rules.ts';
import { signupModalRules } from './signup-modal.rules.ts';
import { signupModalChoicesRules } from './signup-modal-choices.rules.ts';
import { signupModalPlansRules } from './signup-modal-plans.rules.ts';
import { staffSignInRules } from './staff-sign-in.rules.ts';
import { studioRefundRules } from './studio-refund.rules.ts';
import { upgradeRules } from './upgrade.rules.ts';

/** Each flow's rules, by the id of the machine that runs the flow. */
export const RULES: Record<string, Rule[]> = {
  signupModal: [...signupModalRules, ...signupModalPlansRules, ...signupModalChoicesRules],
  authStep: authStepRules,
  checkout: checkoutRules,
  emailVerification: emailVerificationRules,
  upgrade: upgradeRules,
  session: sessionRules,
  address: addressRules,
  libraryPlayer: libraryPlayerRules,
  staffSignIn: staffSignInRules,
  studioRefund: studioRefundRules,
  catalogueEdit: catalogueEditRules,
};

/** What the replays of one flow's paths made of its rules. */
export class RuleRecord {
  readonly exercised = new Set<string>();
  /** The failures of rules marked `knownDeviation`, by rule id: listed, not thrown. */
  readonly deviations = new Map<string, string>();
}

export class SpecViolation extends Error {
  override name = 'SpecViolation';
}

export function failureOf(rule: Rule, step: SpecStep, saw: string): string {
  return `spec ${rule.section}: ${rule.says} (path ${step.path}, step ${step.index} (${step.event.type}): saw ${saw})`;
}

/** Checks one step against every rule of its flow that applies; throws on the first broken rule. */
export function checkStep(step: SpecStep, record?: RuleRecord): void {
  for (const rule of RULES[step.flow] ?? []) {
    if (!rule.applies(step)) continue;
    record?.exercised.add(rule.id);
    const saw = rule.check(step);
    if (saw === null) continue;
    const failure = failureOf(rule, step, saw);
    if (rule.knownDeviation) {
      if (!record?.deviations.has(rule.id)) record?.deviations.set(rule.id, failure);
      continue;
    }
    throw new SpecViolation(failure);
  }
}

export function hasRules(flow: string): boolean {
  return (RULES[flow]?.length ?? 0) > 0;
}

/** The rules of a flow that no replayed step exercised. */
export function unexercised(flow: string, record: RuleRecord): string[] {
  return (RULES[flow] ?? [])
    .filter((rule) => !record.exercised.has(rule.id))
    .map((rule) => `${rule.id}: spec ${rule.section}: ${rule.says}`);
}

/** The known deviations of a flow, with why and the first step that showed each, for the test output. */
export function deviationReport(flow: string, record: RuleRecord): string[] {
  return (RULES[flow] ?? []).flatMap((rule) => {
    const failure = record.deviations.get(rule.id);
    if (!rule.knownDeviation) return [];
    return [
      `${rule.id} (known deviation: ${rule.knownDeviation}): ${failure ?? 'not shown by any path this run'}`,
    ];
  });
}
