/**
 * One instance's recent search pages, good for one library search version (migration 0022: every
 * write to documents, sections or plans moves it on, on whatever instance it happens). A page is
 * served only to a search that read the same version, so no instance ever answers from a library
 * older than the one the database holds; a newer version empties the cache. The least recently
 * used page goes first once `max` pages are kept; `max` 0 keeps none.
 */
export class SearchCache<V> {
  #version = -1n;
  readonly #pages = new Map<string, V>();

  readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  /** The page kept for `key` at `version`, if any. */
  get(version: string, key: string): V | undefined {
    if (!this.#current(version)) return undefined;
    const page = this.#pages.get(key);
    if (page !== undefined) {
      // Used again: it moves to the back of the eviction order.
      this.#pages.delete(key);
      this.#pages.set(key, page);
    }
    return page;
  }

  /** Keeps a page read at `version` (read after the version was, so never older than it). */
  set(version: string, key: string, page: V): void {
    if (this.max === 0 || !this.#current(version)) return;
    this.#pages.set(key, page);
    if (this.#pages.size > this.max) this.#pages.delete(this.#pages.keys().next().value as string);
  }

  get size(): number {
    return this.#pages.size;
  }

  /** Whether `version` is the one kept: a newer one empties the cache first; an older one is never kept. */
  #current(version: string): boolean {
    const v = BigInt(version);
    if (v > this.#version) {
      this.#pages.clear();
      this.#version = v;
    }
    return v === this.#version;
  }
}
