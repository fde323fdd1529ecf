import { describe, expect, it } from "vitest";
import { modeOf } from "./packages-page";

describe("packages routes", () => {
  it("open the add, edit and view panels over the list", () => {
    expect(modeOf("/admin/packages", undefined)).toEqual({ kind: "list" });
    expect(modeOf("/admin/add-packages", undefined)).toEqual({ kind: "add" });
    expect(modeOf("/admin/edit-packages/4", "4")).toEqual({ kind: "edit", id: 4 });
    expect(modeOf("/admin/view-packages/9", "9")).toEqual({ kind: "view", id: 9 });
  });
  it("show the list for the id-less aliases and for ids that are not ids", () => {
    expect(modeOf("/admin/edit-packages", undefined)).toEqual({ kind: "list" });
    expect(modeOf("/admin/view-packages/abc", "abc")).toEqual({ kind: "list" });
    expect(modeOf("/admin/edit-packages/-1", "-1")).toEqual({ kind: "list" });
  });
});
