import { describe, expect, it } from "vitest";
import { mergeParams, nextSort, readListQuery, writeListQuery } from "./url-state";

const defaults = { size: 20, sort: { field: "id", direction: "desc" as const }, sortable: ["id", "name"], filterable: ["status"] };

describe("table view in the URL", () => {
  it("reads page, size, sort, search and filters, and writes them back", () => {
    const q = readListQuery(new URLSearchParams("page=3&size=50&sort=name,asc&q=core&f.status=1&f.other=x"), defaults);
    expect(q).toEqual({ page: 3, size: 50, sort: { field: "name", direction: "asc" }, search: "core", filters: { status: "1" } });
    expect(writeListQuery(q, defaults).toString()).toBe("page=3&size=50&sort=name%2Casc&q=core&f.status=1");
  });

  it("falls back to defaults for values out of range or not allowed", () => {
    const q = readListQuery(new URLSearchParams("page=0&size=7&sort=password_hash,asc&q="), defaults);
    expect(q).toEqual({ page: 1, size: 20, sort: { field: "id", direction: "desc" }, search: "", filters: {} });
    expect(readListQuery(new URLSearchParams("page=abc&sort=name,sideways"), defaults).sort).toEqual(defaults.sort);
    expect(writeListQuery(q, defaults).toString()).toBe("");
  });

  it("sorts a new column ascending, then flips", () => {
    expect(nextSort({ field: "id", direction: "desc" }, "name")).toEqual({ field: "name", direction: "asc" });
    expect(nextSort({ field: "name", direction: "asc" }, "name")).toEqual({ field: "name", direction: "desc" });
  });
});

describe("other URL parameters", () => {
  it("are kept when the table's view changes", () => {
    const merged = mergeParams(new URLSearchParams("tab=outbox&page=3&f.status=sent"), new URLSearchParams("sort=to,asc"));
    expect(merged.toString()).toBe("tab=outbox&sort=to%2Casc");
  });
});
