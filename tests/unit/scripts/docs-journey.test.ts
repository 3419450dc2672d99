import { describe, expect, it } from 'vitest';
import { statecharts } from '../../../machines/statecharts.ts';
import { JOURNEY_CHART, LEFT_OUT, renderJourney } from '../../../scripts/docs-journey.ts';

const journey = renderJourney(statecharts).join('\n');
const diagram = /```mermaid\n([\s\S]*?)```/.exec(journey)?.[1] ?? '';

describe("the member's journey on the statecharts index", () => {
  it('is a flowchart from the closed modal, through steps 1, 2 and 3, to checkout and the modal closing', () => {
    expect(diagram).toMatch(/^flowchart TD\n/);
    expect(diagram).toContain('j_start(["The modal is closed"])');
    const order = ['Step 1', 'Step 2', 'Step 3', 'The checkout flow runs', 'The modal closes'].map((name) =>
      diagram.indexOf(name),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(diagram).toMatch(/j_open_subscription -->\|[^|]*\| j_open_checkingOut/);
    expect(diagram).toMatch(/j_open_checkingOut -->\|"Checkout has started"\| j_end/);
    // Mermaid reads a bare `end` as the end of a subgraph.
    expect(diagram).not.toMatch(/(^|\s)end(\s|$|\()/m);
  });

  it('leaves out the states passed at once and the back and close events', () => {
    expect(diagram).not.toContain('j_open_entering');
    expect(diagram).not.toContain('j_open_routing');
    expect(Object.keys(LEFT_OUT)).toEqual(['modal.back', 'modal.close']);
    // Going back is drawn only where a step returns by itself: a checkout blocked for the email
    // (to step 2 or 3), the account view's sign-out (to step 1's forms), and a visitor's Next on
    // the plans (to step 1, to sign in first). A way back is drawn longer than a way on, so its
    // label does not sit on the opposite arrow's.
    expect(diagram.match(/-\.\.->/g)).toHaveLength(5);
  });

  it('draws each flow a step runs as a box linking to its page', () => {
    const links = [...diagram.matchAll(/click (flow_\w+) "([\w-]+)\.md"/g)].map((match) => match[2]);
    expect(links).toEqual(['account-step', 'email-verification', 'upgrade', 'checkout']);
    for (const slug of links) {
      expect(statecharts.some((chart) => chart.slug === slug)).toBe(true);
      expect(journey).toContain(`(${slug}.md)`);
    }
    expect(diagram).toContain('j_open_auth -.- flow_authStep');
    expect(diagram).toContain('flow_authStep -.- flow_emailVerification');
  });

  it('is drawn only when the signup modal chart is there', () => {
    expect(renderJourney(statecharts.filter((chart) => chart.slug !== JOURNEY_CHART))).toEqual([]);
  });
});
