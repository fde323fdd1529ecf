import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONTENT_DIR } from "../../../paths.ts";
import { checkDictionary, DICTIONARY_FILE, parseDictionary, searchDictionary } from "./dictionary.ts";

describe("the search dictionary", () => {
  it("reads groups of terms, lower case, and knows each term's group", () => {
    const { dictionary, problems } = parseDictionary(
      "# a comment\n\nAdrenaline | Epinephrine\nglyceryl trinitrate | GTN | nitroglycerin\n",
    );
    expect(problems).toEqual([]);
    expect(dictionary.groups).toEqual([
      ["adrenaline", "epinephrine"],
      ["glyceryl trinitrate", "gtn", "nitroglycerin"],
    ]);
    expect(dictionary.groupOf.get("gtn")).toBe(1);
    expect(dictionary.longest).toBe(2);
  });

  it("refuses a lone term, a term in two groups and signs a search cannot type", () => {
    const { problems } = parseDictionary("cpr\nadrenaline | epinephrine\nepi | adrenaline\nspo2 | o₂ sats\n");
    expect(problems).toEqual([
      "search/synonyms.txt:1: a group needs two terms or more",
      'search/synonyms.txt:3: "adrenaline" is already in the group of line 2',
      "search/synonyms.txt:3: a group needs two terms or more",
      'search/synonyms.txt:4: "o₂ sats" has signs a search cannot type',
      "search/synonyms.txt:4: a group needs two terms or more",
    ]);
  });

  it("refuses a group none of whose terms the library uses", () => {
    expect(checkDictionary("adrenaline | epinephrine\nrugby | football\n", "Give adrenaline IM.")).toEqual([
      'search/synonyms.txt: no term of "rugby | football" occurs in the library',
    ]);
  });

  it("as kept in the content folder, follows its rules and every group is in the library", () => {
    const dir = path.join(CONTENT_DIR, "library");
    const library = readdirSync(dir)
      .map((f) => readFileSync(path.join(dir, f), "utf8"))
      .join("\n");
    expect(checkDictionary(readFileSync(DICTIONARY_FILE, "utf8"), library)).toEqual([]);
    expect(searchDictionary().groups.length).toBeGreaterThan(80);
  });
});
