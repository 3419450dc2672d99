// The admin API's trainers and plans (decision 117): creating a trainer, listing, adding, changing and
// archiving plans, each change audited, the cached public catalogue current at once, bad input refused.

import { describe, expect, it } from 'vitest';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import type { OperationId } from '../../server/http/contract.ts';
import {
  ACTOR,
  adminApp,
  auditRows,
  call,
  headers,
  OTHER,
  plansUrl,
  publicPlanIds,
  TOKEN,
} from './admin.fixtures.ts';

adminApp();

describe('trainers', () => {
  it('creates a trainer with its currency and default trial, shows it, and audits the creation', async () => {
    const before = (await auditRows()).length;
    const input = { id: 'coach-lola', name: 'Coach Lola', currency: 'eur', defaultTrialDays: 7 };
    const { res, body } = await call('adminCreateTrainer', 'POST', '/api/admin/trainers', input);
    expect(res.statusCode).toBe(201);
    // No invoicing details until the operator sets them (decision 154).
    const trainer = { ...input, legalName: null, address: null, taxId: null, tax: null };
    expect(body).toEqual({ success: true, trainer });
    const shown = await call('adminGetTrainer', 'GET', '/api/admin/trainers/coach-lola');
    expect(shown.body).toEqual({ success: true, trainer });
    const rows = await auditRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      trainerId: 'coach-lola',
      actor: ACTOR,
      action: 'adminCreateTrainer',
      subject: 'coach-lola',
      before: null,
      after: input,
    });
    expect(rows.at(-1)?.createdAt).toBeInstanceOf(Date);
  });

  it('refuses an id already taken (409) and an unknown trainer (404), changing nothing', async () => {
    const before = (await auditRows()).length;
    const taken = await call('adminCreateTrainer', 'POST', '/api/admin/trainers', {
      id: DEMO_TRAINER_ID,
      name: 'X',
    });
    expect(taken.res.statusCode).toBe(409);
    expect(taken.body.message).toBe(`A trainer with the id ${DEMO_TRAINER_ID} already exists`);
    const unknown = await call('adminGetTrainer', 'GET', '/api/admin/trainers/nobody-here');
    expect(unknown.res.statusCode).toBe(404);
    expect(unknown.body.message).toBe('Unknown trainer');
    expect(await auditRows()).toHaveLength(before);
  });

  it('answers 400 with a message naming the field for input the contract refuses, and writes nothing', async () => {
    const before = (await auditRows()).length;
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { id: 'Bad Id', name: 'X' },
        /^The id is not in the form it takes: lower-case letters, digits and dashes, 3 to 64/,
      ],
      [{ id: 'fine-id', name: '' }, /^The name must not be empty\.$/],
      [
        { id: 'fine-id', name: 'X', currency: 'EUR' },
        /^The currency is not in the form it takes: a three-letter ISO 4217 code/,
      ],
      [{ id: 'fine-id', name: 'X', defaultTrialDays: -1 }, /^The default trial days must be at least 0\.$/],
      [{ id: 'fine-id', name: 'X', role: 'admin' }, /^“role” is not something this request takes\.$/],
    ];
    for (const [payload, message] of cases) {
      const { res, body } = await call('adminCreateTrainer', 'POST', '/api/admin/trainers', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body).toEqual({
        success: false,
        message: expect.stringMatching(message),
        errors: expect.any(Array),
      });
    }
    const noActor = await call(
      'adminCreateTrainer',
      'POST',
      '/api/admin/trainers',
      { id: 'fine-id', name: 'X' },
      {
        'admin-token': TOKEN,
      },
    );
    expect(noActor.res.statusCode).toBe(400);
    expect(noActor.body.message).toMatch(/^Give who makes the change \(admin-actor\)\.$/);
    expect(await auditRows()).toHaveLength(before);
    expect((await call('adminGetTrainer', 'GET', '/api/admin/trainers/fine-id')).res.statusCode).toBe(404);
  });
});

describe('plans', () => {
  it('lists every price of the trainer with its names per language, and only that trainer’s', async () => {
    const { body } = await call('adminListPlans', 'GET', plansUrl(DEMO_TRAINER_ID));
    const plans = body.plans as { id: string; nicknames: Record<string, string>; amount: number }[];
    // The demo seed: six recurring plans and three one-time prices.
    expect(plans).toHaveLength(9);
    expect(plans.every((p) => p.id.startsWith(`${DEMO_TRAINER_ID}-`))).toBe(true);
    expect(plans.find((p) => p.id === `${DEMO_TRAINER_ID}-price-weekly`)).toMatchObject({
      amount: 1499,
      nicknames: { en: 'Weekly', es: 'Semanal' },
      archived: false,
      sold: false,
    });
    const other = await call(
      'adminUpdatePlan',
      'PATCH',
      `${plansUrl(OTHER)}/${DEMO_TRAINER_ID}-price-weekly`,
      {
        amount: 1,
      },
    );
    expect(other.res.statusCode).toBe(404);
  });

  it('adds a plan in the trainer’s currency and trial, in the public catalogue at once', async () => {
    await publicPlanIds('coach-lola'); // cached for 300 s from here
    const { res, body } = await call('adminAddPlan', 'POST', plansUrl('coach-lola'), {
      interval: 'month',
      amount: 3900,
      nicknames: { en: 'Monthly', es: 'Mensual' },
    });
    expect(res.statusCode).toBe(201);
    const plan = body.plan as { id: string };
    expect(plan).toMatchObject({
      interval: 'month',
      intervalCount: 1,
      amount: 3900,
      currency: 'eur',
      trialDays: 7,
    });
    expect(plan).toMatchObject({ productName: 'Coach Lola', archived: false, sold: false });
    expect(await publicPlanIds('coach-lola')).toEqual([plan.id]);
    const row = (await auditRows()).at(-1);
    expect(row).toMatchObject({ action: 'adminAddPlan', subject: plan.id, before: null, after: plan });
  });

  it('changes an unsold price in place, auditing before and after', async () => {
    const id = `${DEMO_TRAINER_ID}-price-weekly`;
    const { res, body } = await call('adminUpdatePlan', 'PATCH', `${plansUrl(DEMO_TRAINER_ID)}/${id}`, {
      amount: 1599,
      nicknames: { en: 'Weekly', es: 'Semanal plus' },
    });
    expect(res.statusCode).toBe(200);
    expect(body.replaced).toBeUndefined();
    expect(body.plan).toMatchObject({ id, amount: 1599, nicknames: { en: 'Weekly', es: 'Semanal plus' } });
    const row = (await auditRows()).at(-1);
    expect(row).toMatchObject({ action: 'adminUpdatePlan', subject: id, actor: ACTOR });
    expect(row?.before).toMatchObject({ amount: 1499, nicknames: { es: 'Semanal' } });
    expect(row?.after).toMatchObject({ amount: 1599, nicknames: { es: 'Semanal plus' } });
  });
});

describe('plans', () => {
  it('archives a plan: gone from the cached public catalogue at once, and refused a second time', async () => {
    const id = `${DEMO_TRAINER_ID}-price-daily`;
    expect(await publicPlanIds()).toContain(id);
    const { res, body } = await call(
      'adminArchivePlan',
      'POST',
      `${plansUrl(DEMO_TRAINER_ID)}/${id}/archive`,
    );
    expect(res.statusCode).toBe(200);
    expect(body.plan).toMatchObject({ id, archived: true });
    expect(await publicPlanIds()).not.toContain(id);
    const again = await call('adminArchivePlan', 'POST', `${plansUrl(DEMO_TRAINER_ID)}/${id}/archive`);
    expect(again.res.statusCode).toBe(409);
    expect(again.body.message).toBe(`Plan ${id} is archived: add a new plan instead`);
    const change = await call('adminUpdatePlan', 'PATCH', `${plansUrl(DEMO_TRAINER_ID)}/${id}`, {
      amount: 1,
    });
    expect(change.res.statusCode).toBe(409);
  });

  it('refuses bad plan input with 400 and a clear message, and an unknown plan with 404', async () => {
    const url = plansUrl(DEMO_TRAINER_ID);
    const before = (await auditRows()).length;
    const cases: [OperationId, 'POST' | 'PATCH', string, unknown, RegExp][] = [
      [
        'adminAddPlan',
        'POST',
        url,
        { interval: 'month', amount: -1, nicknames: { en: 'X' } },
        /^The amount must be at least 0\.$/,
      ],
      [
        'adminAddPlan',
        'POST',
        url,
        { interval: 'fortnight', amount: 1, nicknames: { en: 'X' } },
        /^The billing interval must be one of: year, month, week, day\.$/,
      ],
      [
        'adminAddPlan',
        'POST',
        url,
        { interval: 'month', amount: 1, nicknames: { es: 'X' } },
        /^Give the names, in English\.$/,
      ],
      [
        'adminAddPlan',
        'POST',
        url,
        { interval: 'month', amount: '10', nicknames: { en: 'X' } },
        /^The amount must be a whole number\.$/,
      ],
      [
        'adminUpdatePlan',
        'PATCH',
        `${url}/${DEMO_TRAINER_ID}-price-annual`,
        {},
        /^The request must have at least one entry\.$/,
      ],
      [
        'adminUpdatePlan',
        'PATCH',
        `${url}/${DEMO_TRAINER_ID}-price-challenge`,
        { interval: 'month' },
        /one-time price/,
      ],
    ];
    for (const [op, method, path, payload, message] of cases) {
      const { res, body } = await call(op, method, path, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body.message).toMatch(message);
    }
    const unknown = await call('adminUpdatePlan', 'PATCH', `${url}/no-such-price`, { amount: 1 });
    expect(unknown.res.statusCode).toBe(404);
    expect(unknown.body.message).toBe(`Trainer ${DEMO_TRAINER_ID} has no plan no-such-price`);
    expect(await auditRows()).toHaveLength(before);
  });

  it('answers in Spanish when asked', async () => {
    const { body } = await call(
      'adminArchivePlan',
      'POST',
      `${plansUrl(DEMO_TRAINER_ID)}/nope/archive`,
      undefined,
      {
        ...headers,
        'accept-language': 'es',
      },
    );
    expect(body.message).toBe(`El entrenador ${DEMO_TRAINER_ID} no tiene el plan nope`);
  });
});
