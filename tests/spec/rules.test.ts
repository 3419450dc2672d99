// The oracle's own checks: the rules are well formed and independent of the machines they judge, and
// a broken rule fails with its section and its words.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMachine, getInitialSnapshot } from 'xstate';
import { addressMachine } from '../../machines/address/address.machine.ts';
import { catalogueEditMachine } from '../../machines/catalogue-edit/catalogue-edit.machine.ts';
import { checkoutMachine } from '../../machines/checkout/checkout.machine.ts';
import { emailVerificationMachine } from '../../machines/email-verification/email-verification.machine.ts';
import { libraryPlayerMachine } from '../../machines/library-player/library-player.machine.ts';
import { sessionMachine } from '../../machines/session/session.machine.ts';
import { authStepMachine } from '../../machines/signup-modal/auth-step.machine.ts';
import { signupModalMachine } from '../../machines/signup-modal/signup-modal.machine.ts';
import { staffSignInMachine } from '../../machines/staff-sign-in/staff-sign-in.machine.ts';
import { studioRefundMachine } from '../../machines/studio-refund/studio-refund.machine.ts';
import { upgradeMachine } from '../../machines/upgrade/upgrade.machine.ts';
import { checkStep, RULES, RuleRecord, SpecViolation } from './oracle.ts';

const here = import.meta.dirname;

describe("the spec's rules", () => {
  it('name the machines that run their flows', () => {
    const ids = [
      signupModalMachine,
      authStepMachine,
      checkoutMachine,
      emailVerificationMachine,
      upgradeMachine,
      sessionMachine,
      addressMachine,
      libraryPlayerMachine,
      staffSignInMachine,
      studioRefundMachine,
      catalogueEditMachine,
    ].map((machine) => machine.id);
    expect(Object.keys(RULES).sort()).toEqual(ids.sort());
  });

  it.each(Object.entries(RULES))(
    '%s: ids are spec-<section>-<words>, unique, each with its words',
    (_flow, rules) => {
      const ids = rules.map((rule) => rule.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const rule of rules) {
        expect(rule.id).toMatch(new RegExp(`^spec-${rule.section}-[a-z0-9-]+$`));
        expect(rule.says.length).toBeGreaterThan(10);
        if ('knownDeviation' in rule) expect(rule.knownDeviation?.length).toBeGreaterThan(10);
      }
    },
  );

  it('are written from the spec: no rule file imports from the machines or the domain', () => {
    const files = readdirSync(here).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    for (const name of files) {
      const text = readFileSync(join(here, name), 'utf8');
      expect({ name, imports: text.match(/from '\.\.\/\.\.\/(machines|domain|src)\/[^']+'/g) }).toEqual({
        name,
        imports: null,
      });
    }
  });
});

describe('the checker', () => {
  // An upgrade offer that offers nothing, as a broken chart would.
  const broken = createMachine({ id: 'upgrade', initial: 'deciding', states: { deciding: {} } });
  const step = {
    flow: 'upgrade',
    path: 'a monthly subscriber',
    index: 0,
    input: { planType: 'monthly', annualPlanId: 'price_annual' },
    event: { type: 'xstate.init' },
    before: undefined,
    after: getInitialSnapshot(broken),
    waited: null,
    ran: [],
    started: [],
  };

  it('fails a step with the rule it breaks, its section and what was seen', () => {
    expect(() => checkStep(step)).toThrow(
      new SpecViolation(
        "spec 4: a monthly or quarterly subscriber may choose 'want to upgrade' or decline (path a monthly subscriber, step 0 (xstate.init): saw choices [])",
      ),
    );
  });

  it('records the rules a step exercised', () => {
    const record = new RuleRecord();
    expect(() =>
      checkStep({ ...step, input: { planType: 'weekly', annualPlanId: null } }, record),
    ).not.toThrow();
    expect([...record.exercised]).toEqual([]);
    expect(() => checkStep(step, record)).toThrow(SpecViolation);
    expect([...record.exercised]).toEqual(['spec-4-upgrade-offered']);
  });
});
