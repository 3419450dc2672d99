// What a members' area request keeps in memory for the next one (decisions 178 and 179), by session
// token's hash: per database, since tests open many in one process, and bounded, since every
// session signed in would otherwise stay until the process ends.
export class KeptPerDatabase<V> {
  readonly #on = new WeakMap<object, Map<string, V>>();

  readonly #max: number;

  /** Past `max` entries on one database, the one set longest ago makes room. */
  constructor(max: number) {
    this.#max = max;
  }

  get(db: object, key: string): V | undefined {
    return this.#on.get(db)?.get(key);
  }

  delete(db: object, key: string): void {
    this.#on.get(db)?.delete(key);
  }

  set(db: object, key: string, value: V): void {
    let kept = this.#on.get(db);
    if (!kept) {
      kept = new Map();
      this.#on.set(db, kept);
    }
    // Set again, an entry counts as the newest.
    kept.delete(key);
    if (kept.size >= this.#max) {
      const oldest = kept.keys().next().value;
      if (oldest !== undefined) kept.delete(oldest);
    }
    kept.set(key, value);
  }
}
