/**
 * The placeholder of a side effect a machine names but does not perform: the app (or a test) gives
 * the real one with `.provide()`, and a missing one fails loudly instead of doing nothing.
 */
export function notProvided(name: string): never {
  throw new Error(`${name} must be provided with .provide()`);
}
