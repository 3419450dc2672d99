// A window onto the running flows for QA's browser paths: a page that defines `__flowInspector`
// before the app loads (Playwright's addInitScript does) receives XState's inspection events of every
// flow, so a browser run can tell which states and transitions of each machine it reached. A visitor's
// browser defines nothing, and the flows run uninspected.
import type { InspectionEvent, Observer } from 'xstate';

declare global {
  // A global the page itself may define, hence a var.
  var __flowInspector: ((event: InspectionEvent) => void) | undefined;
}

export function flowInspector(): Observer<InspectionEvent> | undefined {
  const inspect = globalThis.__flowInspector;
  return typeof inspect === 'function' ? { next: inspect } : undefined;
}
