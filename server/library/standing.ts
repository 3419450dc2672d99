// Where a member stands in one item at their time: each unit's state (done, open, opening on a date,
// locked) as the access rule and the drip say it (domain/access), the count and the next unit, a
// program's streak, and the shapes the contract lists them in. Pure: the rows in, the answer out.
import type { Access } from '../../domain/access/access.ts';
import { memberStart, unitOpensAt } from '../../domain/access/drip.ts';
import { progress, streak, type UnitState, unitState } from '../../domain/access/progress.ts';
import type { components } from '../../openapi/schema.d.ts';
import type { Item } from './items.ts';
import type { AccessRows } from './library.repository.ts';

type Schemas = components['schemas'];
export type UnitRef = Schemas['LibraryUnitRef'];
export type Progress = Schemas['LibraryProgress'];

export interface Standing {
  /** The member's first opening of the item, as stored; null before it. */
  firstOpenedAt: Date | null;
  lastUnitKey: string | null;
  /** The start the drip counts from (the first opening, or the purchase); null when there is none yet. */
  startedAt: Date | null;
  states: UnitState[];
  refs: UnitRef[];
  progress: Progress;
  /** A program's streak; null for other items. */
  streak: number | null;
}

/** The item's part of the member's rows: their start and their units done. */
export function itemRows(rows: AccessRows, item: Item) {
  const started = rows.starts.find((s) => s.item === item.id);
  const done = new Map(
    rows.done.filter((d) => d.item === item.id).map((d) => [d.unitKey, new Date(d.doneAt)] as const),
  );
  return {
    firstOpenedAt: started ? new Date(started.startedAt) : null,
    lastUnitKey: started?.lastUnitKey ?? null,
    done,
  };
}

export function standingOf(
  item: Item,
  access: Access,
  mine: ReturnType<typeof itemRows>,
  now: Date,
): Standing {
  const { rule } = item;
  const drips = rule.kind !== 'library';
  // Before the first opening a first-open program starts now: opening it is what starts it.
  const start = access.open && drips ? memberStart(rule, access, mine.firstOpenedAt, now) : null;
  const states: UnitState[] = [];
  const refs: UnitRef[] = item.units.map((unit) => {
    const opensAt = start && drips ? unitOpensAt(rule, unit.step, start) : null;
    const state = unitState({ opensAt, doneAt: mine.done.get(unit.key) ?? null }, access, now);
    states.push(state);
    return {
      key: unit.key,
      number: unit.number,
      title: unit.title,
      state: state.state,
      opensAt: opensAt?.toISOString() ?? null,
      doneAt: state.state === 'done' ? state.doneAt.toISOString() : null,
      module: unit.module?.key ?? null,
    };
  });
  const counted = progress(states);
  const doneDates = states.flatMap((s) => (s.state === 'done' ? [s.doneAt] : []));
  return {
    firstOpenedAt: mine.firstOpenedAt,
    lastUnitKey: mine.lastUnitKey,
    startedAt: drips && rule.startsOn === 'purchase' && access.open ? access.since : mine.firstOpenedAt,
    states,
    refs,
    progress: {
      done: counted.done,
      total: counted.total,
      next: counted.next === null ? null : (refs[counted.next] ?? null),
    },
    streak: item.kind === 'challenge' ? streak(doneDates, now) : null,
  };
}
