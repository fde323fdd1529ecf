import { describe, expect, it } from "vitest";
import { recordFilters } from "./records-source";

describe("records filters of a table view", () => {
  it("turns the search into a contains filter on the search field and menus into equals", () => {
    expect(recordFilters({ search: "core", filters: { status: "active" } }, "name")).toEqual(["name,cs,core", "status,eq,active"]);
  });
  it("drops the search when the screen has no search field", () => {
    expect(recordFilters({ search: "x", filters: {} })).toEqual([]);
  });
});
