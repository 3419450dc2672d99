// The access histories' steps on a unit: open one, mark it done or not, each answered as the model
// says (200, or 403 with the item's reason or notYetOpen).

import { expect } from 'vitest';
import { api, count, now } from './access-histories.app.ts';
import { command } from './access-histories.commands.ts';
import { access, CONTENT, ITEM, type Model, type Product, unitStates } from './access-model.ts';
import type { Member } from './members.ts';

export type Target = Product | 'entry' | 'annualEntry';
export const ENTRY_OF: Record<'entry' | 'annualEntry', string> = {
  entry: CONTENT.entries.find((e) => e.plans.length === 0)?.id ?? '',
  annualEntry: CONTENT.entries.find((e) => e.plans.includes('annual'))?.id ?? '',
};

/** The item and unit key a step acts on, and what the model says of them now. */
export async function aimed(m: Model, member: Member, target: Target, index: number) {
  const at = await now(member);
  const item = target === 'challenge' || target === 'course' ? ITEM[target] : ENTRY_OF[target];
  const verdict = access(m, item, at);
  if (target !== 'challenge' && target !== 'course') return { at, item, key: 'main', verdict, unit: null };
  const keys = target === 'challenge' ? CONTENT.days : CONTENT.lessons.map((l) => l.key);
  const key = keys[index % keys.length] ?? '';
  const unit = verdict.open ? (unitStates(m, target, at).find((u) => u.key === key)?.unit ?? null) : null;
  return { at, item, key, verdict, unit };
}

/** The answer the model expects of a unit: 200, or 403 with the item's reason or notYetOpen. */
export function expectAnswer(
  answer: { status: number; refusal: { reason: string } | null },
  aim: Awaited<ReturnType<typeof aimed>>,
) {
  if (!aim.verdict.open) {
    expect(answer.refusal?.reason).toBe(aim.verdict.reason);
    return false;
  }
  if (aim.unit?.state === 'opensOn') {
    expect(answer.refusal?.reason).toBe('notYetOpen');
    return false;
  }
  expect(answer.status).toBe(200);
  return true;
}

export const open = (target: Target, index: number) =>
  command(`open(${target}, #${index})`, async (m, member) => {
    const aim = await aimed(m, member, target, index);
    if (expectAnswer(await api.unit(member, aim.item, aim.key), aim)) {
      if (target === 'challenge') m.challengeStart ??= aim.at;
      count('units opened');
    } else count('units refused');
  });

export const mark = (target: Target, index: number, done: boolean) =>
  command(`mark(${target}, #${index}, ${done})`, async (m, member) => {
    const aim = await aimed(m, member, target, index);
    if (!expectAnswer(await api.mark(member, aim.item, aim.key, done), aim)) return;
    if (target === 'challenge') m.challengeStart ??= aim.at;
    const id = `${aim.item}/${aim.key}`;
    if (!done) m.done.delete(id);
    else if (!m.done.has(id)) m.done.set(id, aim.at);
    count(done ? 'units marked done' : 'units marked not done');
  });
