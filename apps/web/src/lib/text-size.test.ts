import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { applyTextSize, readTextSize, saveTextSize, TEXT_SIZES } from "./text-size";

const memory = () => {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    items,
  };
};

describe("the reading text size", () => {
  it("is standard until chosen, and keeps a choice on the device", () => {
    const store = memory();
    const root = { dataset: {} as DOMStringMap };
    expect(readTextSize(store)).toBe("standard");
    saveTextSize(store, root, "larger");
    expect(readTextSize(store)).toBe("larger");
    expect(root.dataset.textSize).toBe("larger");
    saveTextSize(store, root, "standard");
    expect(store.items.size).toBe(0);
    expect(root.dataset.textSize).toBeUndefined();
  });

  it("ignores what it does not know and storage that throws", () => {
    const store = memory();
    store.setItem("academy.text-size", "huge");
    expect(readTextSize(store)).toBe("standard");
    const blocked = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("blocked");
      },
      removeItem: () => {},
    };
    expect(readTextSize(blocked)).toBe("standard");
    const root = { dataset: {} as DOMStringMap };
    saveTextSize(blocked, root, "large");
    expect(root.dataset.textSize).toBe("large");
    applyTextSize(root, "standard");
    expect(root.dataset.textSize).toBeUndefined();
  });

  const css = readFileSync(new URL("../index.css", import.meta.url), "utf8");

  it("has the stylesheet scale the reading pages' text for each size", () => {
    for (const size of TEXT_SIZES.filter((s) => s.value !== "standard"))
      expect(css).toContain(`:root[data-text-size="${size.value}"] .reading-text`);
    for (const step of ["xs", "sm", "base", "lg", "xl", "2xl"]) expect(css).toContain(`--text-${step}: calc(`);
  });

  it("has the stylesheet stop animations, transitions and smooth scrolling when motion is reduced", () => {
    const rule = css.slice(css.indexOf("@media (prefers-reduced-motion: reduce)"));
    expect(rule.length).toBeLessThan(css.length);
    for (const property of ["animation-duration", "animation-iteration-count", "transition-duration", "scroll-behavior"])
      expect(rule).toContain(property);
  });
});
