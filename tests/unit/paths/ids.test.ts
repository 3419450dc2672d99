// A path's id says what the path does: it holds while other paths come and go, and changes only with
// the path's own opening or events.
import { describe, expect, it } from 'vitest';
import { describePath, uiPaths } from '../../paths/catalog.ts';
import { OPENINGS } from '../../paths/executors/openings.ts';
import { assertUniqueIds, canonicalPath, pathId } from '../../paths/ids.ts';
import { MEMBERS, openEvent } from '../../paths/world.ts';

const banner = OPENINGS[5];
if (!banner) throw new Error('no banner opening');
const events = [
  openEvent(banner.opening, banner.modalType),
  { type: 'plan.select', sku: 'prod_membership', plan: 'price_annual', card: 0 },
  { type: 'plans.next' },
];
const idOf = (evs: typeof events, opening = banner.opening) =>
  pathId('M', canonicalPath(null, 'signup', [{ ...evs[0], opening } as never, ...evs.slice(1)]));

// The first test generates every chart's paths, a few seconds' work on a busy 2-core machine.
describe('UI path ids', { timeout: 60_000 }, () => {
  it("are the chart's letter and five characters of base 32, one per path", () => {
    const ids = uiPaths().map((path) => path.id);
    for (const id of ids) expect(id).toMatch(/^[MADSLGRC]-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('do not move when a path is added or removed: a known path keeps its id', () => {
    // The QA guide's example; were it renumbered, the guide and every note naming it would lie.
    const path = uiPaths().find((candidate) => candidate.id === 'M-4XY3P');
    expect(path && describePath(path)).toBe(
      "A signed-in member presses the banner's button → sees step 3, the subscription plans → chooses plan card 1 → sees step 3, the subscription plans → presses step 3's button → sees taking the member to the secure checkout",
    );
    expect(idOf(events)).toBe('M-4XY3P');
  });

  it("change with the path's events and their data, not with words or fixtures' other fields", () => {
    const reference = idOf(events);
    expect(idOf(events.slice(0, 2))).not.toBe(reference);
    expect(idOf([events[0], { ...events[1], card: 1 }, events[2]] as typeof events)).not.toBe(reference);
    expect(idOf(events, { ...banner.opening, verification: true })).not.toBe(reference);
    expect(idOf(events, { ...banner.opening, does: 'A member presses the banner' })).toBe(reference);
    const signedIn = (user: object) =>
      pathId('A', canonicalPath(null, 'login', [{ type: 'auth.succeeded', user }]));
    expect(signedIn({ ...MEMBERS.monthly(), extra: 1 })).toBe(signedIn(MEMBERS.monthly()));
    expect(signedIn(MEMBERS.annual())).not.toBe(signedIn(MEMBERS.monthly()));
  });

  it('fail loudly on a repeated path or a collision', () => {
    expect(() =>
      assertUniqueIds([
        { id: 'M-AAAAA', canonical: 'x' },
        { id: 'M-AAAAA', canonical: 'x' },
      ]),
    ).toThrow(/do the same thing/);
    expect(() =>
      assertUniqueIds([
        { id: 'M-AAAAA', canonical: 'x' },
        { id: 'M-AAAAA', canonical: 'y' },
      ]),
    ).toThrow(/hash to the same id M-AAAAA/);
  });
});
