import { describe, expect, it } from "vitest";
import { jsonDepth } from "./json-depth.ts";

describe("the nesting depth of a JSON text", () => {
  it("counts objects and arrays, and nothing inside strings", () => {
    expect(jsonDepth("1")).toBe(0);
    expect(jsonDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonDepth('{"a":"[[[{{{"}')).toBe(1);
    expect(jsonDepth('{"a":"\\"[[[","b":[]}')).toBe(2);
  });

  it("stops reading once past the limit", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    expect(jsonDepth(deep, 64)).toBe(65);
  });
});
