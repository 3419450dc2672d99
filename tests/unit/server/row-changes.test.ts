// When a reading kept in memory may still be served (decision 179): only while the instance hears the
// database's notices, nothing it was read from has been named since it began, and every write of the
// instance has been heard back.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RowChanges, writes } from '../../../server/db/row-changes.ts';

afterEach(() => {
  vi.useRealTimers();
});

function listening(options?: { silentAfterMs?: number }) {
  const changes = new RowChanges(options);
  const fences: string[] = [];
  changes.sendFence = async (payload) => fences.push(payload);
  changes.listening();
  return { changes, fences };
}

describe('a kept reading', () => {
  it('holds until its member or trainer is named after it began, whoever else is', () => {
    const { changes } = listening();
    const ticket = changes.ticket();
    changes.heard('usr_other');
    expect(changes.unchangedSince(ticket, ['usr_a', 'trainer_a'])).toBe(true);
    changes.heard('trainer_a');
    expect(changes.unchangedSince(ticket, ['usr_a', 'trainer_a'])).toBe(false);
    // Read after the notice: it holds.
    expect(changes.unchangedSince(changes.ticket(), ['usr_a', 'trainer_a'])).toBe(true);
  });

  it("ends for everyone on '*' (a table emptied)", () => {
    const { changes } = listening();
    const ticket = changes.ticket();
    changes.heard('*');
    expect(changes.unchangedSince(ticket, ['usr_a'])).toBe(false);
    expect(changes.unchangedSince(changes.ticket(), ['usr_a'])).toBe(true);
  });

  it('is never served while not listening, nor after listening again if read before', () => {
    const { changes } = listening();
    const ticket = changes.ticket();
    changes.stopped();
    expect(changes.hearing()).toBe(false);
    expect(changes.unchangedSince(ticket, ['usr_a'])).toBe(false);
    const whileDeaf = changes.ticket();
    changes.listening();
    expect(changes.unchangedSince(ticket, ['usr_a'])).toBe(false);
    expect(changes.unchangedSince(whileDeaf, ['usr_a'])).toBe(false);
  });

  it('waits for every write of the instance to have ended and been heard back', async () => {
    const { changes, fences } = listening();
    changes.heard(fences.shift() ?? '');
    const ticket = changes.ticket();
    const first = changes.writeStarts();
    const second = changes.writeStarts();
    expect(changes.unchangedSince(ticket, ['usr_a'])).toBe(false);
    first();
    // The fence covers the first write only: the second is still running.
    await vi.waitFor(() => expect(fences).toEqual([`${changes.fencePrefix}1`]));
    changes.heard(fences.shift() ?? '');
    expect(changes.hearing()).toBe(false);
    second();
    await vi.waitFor(() => expect(fences).toEqual([`${changes.fencePrefix}2`]));
    changes.heard(fences.shift() ?? '');
    expect(changes.unchangedSince(ticket, ['usr_a'])).toBe(true);
  });

  it("ignores another instance's fences", () => {
    const { changes, fences } = listening();
    changes.heard(fences.shift() ?? '');
    changes.writeStarts()();
    changes.heard('fence:another-instance:99');
    expect(changes.hearing()).toBe(false);
  });

  it('is given up when the listener has said nothing for its silence', () => {
    vi.useFakeTimers();
    const { changes } = listening({ silentAfterMs: 3000 });
    const ticket = changes.ticket();
    vi.advanceTimersByTime(2000);
    expect(changes.unchangedSince(ticket, ['usr_a'])).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(changes.unchangedSince(ticket, ['usr_a'])).toBe(false);
  });

  it('is given up when more than 10,000 owners were named since', () => {
    const { changes } = listening();
    const ticket = changes.ticket();
    for (let i = 0; i < 10_000; i++) changes.heard(`usr_${i}`);
    expect(changes.unchangedSince(ticket, ['usr_a'])).toBe(true);
    changes.heard('usr_10000');
    expect(changes.unchangedSince(ticket, ['usr_a'])).toBe(false);
  });
});

describe('a statement that may write', () => {
  it('is anything but a select or a transaction begun', () => {
    expect(writes('select 1')).toBe(false);
    expect(writes('  SELECT row_to_json(users.*)')).toBe(false);
    expect(writes('begin')).toBe(false);
    for (const text of [
      'insert into x',
      'update x',
      'delete from x',
      'commit',
      'with a as (delete) select',
      '',
    ])
      expect(writes(text)).toBe(true);
  });
});
