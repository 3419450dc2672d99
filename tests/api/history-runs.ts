// What the random histories' files share (access, figures, billing): the calls a step makes on the
// app, and the tally of what a run exercised, printed at its end so a run that tested little shows it.
import type { TestApp } from './app.ts';
import { adminCalls } from './contract.ts';
import { billingDriver } from './hosted-pages.ts';
import { libraryCalls, moneyDriver } from './library-calls.ts';

/** The member's billing and library calls on the app `app()` returns, and the operator's with `admin`. */
export function historyCalls(app: () => TestApp, admin: Record<string, string>) {
  const driver = billingDriver(app);
  return { driver, money: moneyDriver(driver), api: libraryCalls(app), admin: adminCalls(app, admin) };
}

/** What a run did, counted by name. */
export function tally() {
  const seen: Record<string, number> = {};
  const count = (what: string) => {
    seen[what] = (seen[what] ?? 0) + 1;
  };
  return { seen, count };
}
