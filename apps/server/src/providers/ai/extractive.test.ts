import { describe, expect, it } from "vitest";
import { namesIn } from "./extractive.ts";
import { carriesNumber, shapeOf } from "./question-shape.ts";

describe("names in a question", () => {
  it("takes runs of capitalised words that do not open a sentence, joined by of, the and and", () => {
    expect(namesIn("In what year did the Great Fire of London happen?")).toEqual([["great", "fire", "of", "london"]]);
    expect(namesIn("How do you work out fluids with the Parkland formula?")).toEqual([["parkland"]]);
    expect(namesIn("At what temperature does water boil on Mount Everest? Who climbed it first?")).toEqual([["mount", "everest"]]);
  });

  it("leaves out a sentence's first word, abbreviations in capitals and a trailing of", () => {
    expect(namesIn("Naloxone: when and how much do I give?")).toEqual([]);
    expect(namesIn("What does the ERC say about CPR depth in START triage?")).toEqual([]);
    expect(namesIn("Which chapter covers the Rule of the sea?")).toEqual([["rule"]]);
  });

  it("keeps a number that is part of a name", () => {
    expect(namesIn("Who wrote the novel Fahrenheit 451?")).toEqual([["fahrenheit", "451"]]);
  });
});

describe("the kind of number a question asks for", () => {
  it("asks for a year when it says what year, and a year answers it", () => {
    expect(shapeOf("In which year was the law passed?").number).toContain("year");
    expect(carriesNumber("The act was passed in 2005.", ["year"])).toBe(true);
    expect(carriesNumber("Give 0.5 mg into the thigh.", ["year"])).toBe(false);
  });
});
