import { describe, expect, it } from "vitest";
import { isEnglishWord } from "./english.ts";

describe("isEnglishWord", () => {
  it("knows ordinary words in their inflected forms and British spellings", async () => {
    for (const w of ["might", "city", "invented", "smelling", "turns", "tagged", "cities", "colour", "haemorrhage", "organised", "litres"])
      expect(await isEnglishWord(w), w).toBe(true);
  });
  it("does not know typos and words outside ordinary English", async () => {
    for (const w of ["tourniqet", "hypothermea", "epinephrin", "anaphylaxsis", "qsofa", "recieve"])
      expect(await isEnglishWord(w), w).toBe(false);
  });
});
