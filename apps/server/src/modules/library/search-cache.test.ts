import { describe, expect, it } from "vitest";
import { SearchCache } from "./search-cache.ts";

describe("the search page cache", () => {
  it("serves a page only at the version it was read at; a newer version empties it", () => {
    const cache = new SearchCache<string>(10);
    cache.set("3", "cpr", "page at 3");
    expect(cache.get("3", "cpr")).toBe("page at 3");
    expect(cache.get("4", "cpr")).toBeUndefined();
    expect(cache.size).toBe(0);
    // A search that read the older version after the newer one was seen keeps nothing and gets nothing.
    cache.set("4", "cpr", "page at 4");
    cache.set("3", "airway", "page at 3");
    expect(cache.get("3", "cpr")).toBeUndefined();
    expect(cache.get("4", "airway")).toBeUndefined();
    expect(cache.get("4", "cpr")).toBe("page at 4");
  });

  it("lets the least recently used page go first, and keeps none when its size is 0", () => {
    const cache = new SearchCache<number>(2);
    cache.set("1", "a", 1);
    cache.set("1", "b", 2);
    expect(cache.get("1", "a")).toBe(1);
    cache.set("1", "c", 3);
    expect([cache.get("1", "a"), cache.get("1", "b"), cache.get("1", "c")]).toEqual([1, undefined, 3]);
    const none = new SearchCache<number>(0);
    none.set("1", "a", 1);
    expect(none.get("1", "a")).toBeUndefined();
  });

  it("compares versions as numbers, past the range of a double", () => {
    const cache = new SearchCache<string>(5);
    cache.set("9007199254740993", "q", "newer");
    expect(cache.get("9007199254740992", "q")).toBeUndefined();
    expect(cache.get("9007199254740993", "q")).toBe("newer");
    expect(cache.get("10", "q")).toBeUndefined();
    expect(cache.get("9007199254740993", "q")).toBe("newer");
  });
});
