import { describe, expect, it } from "vitest";
import { spellingKey } from "./spelling.ts";

const same = [
  ["hypoglycaemia", "hypoglycemia"],
  ["haemorrhage", "hemorrhage"],
  ["haemostatic", "hemostatic"],
  ["anaemia", "anemia"],
  ["ischaemic", "ischemic"],
  ["septicaemia", "septicemia"],
  ["anaesthetic", "anesthetic"],
  ["paediatric", "pediatric"],
  ["orthopaedic", "orthopedic"],
  ["caesarean", "cesarean"],
  ["gynaecology", "gynecology"],
  ["oedema", "edema"],
  ["oesophagus", "esophagus"],
  ["foetus", "fetus"],
  ["manoeuvre", "maneuvre"],
  ["diarrhoea", "diarrhea"],
  ["dyspnoea", "dyspnea"],
  ["apnoea", "apnea"],
  ["colour", "color"],
  ["colours", "colors"],
  ["behaviour", "behavior"],
  ["vapour", "vapor"],
  ["tumour", "tumor"],
  ["odour", "odor"],
  ["labour", "labor"],
  ["neighbour", "neighbor"],
  ["organise", "organize"],
  ["recognised", "recognized"],
  ["immobilisation", "immobilization"],
  ["analyse", "analyze"],
  ["paralysed", "paralyzed"],
  ["litre", "liter"],
  ["metres", "meters"],
  ["centre", "center"],
  ["fibre", "fiber"],
  ["defence", "defense"],
  ["travelled", "traveled"],
  ["signalling", "signaling"],
  ["tyre", "tire"],
  ["kerb", "curb"],
  ["aluminium", "aluminum"],
  ["sulphur", "sulfur"],
  ["grey", "gray"],
  ["backdraught", "backdraft"],
  ["programme", "program"],
] as const;

// Words that must stay apart (a rule that reached them would merge two meanings).
const apart = [
  ["shoe", "she"],
  ["toe", "te"],
  ["does", "des"],
  ["four", "for"],
  ["hour", "hor"],
  ["your", "yor"],
  ["pour", "por"],
  ["tour", "tor"],
  ["prise", "prize"],
  ["tree", "ter"],
  ["filled", "filed"],
  ["rise", "rize"],
  ["noise", "noize"],
  ["bruise", "bruize"],
] as const;

describe("spellingKey", () => {
  it.each(same)("gives %s and %s one key", (uk, us) => expect(spellingKey(uk)).toBe(spellingKey(us)));
  it.each(apart)("keeps %s and %s apart", (a, b) => expect(spellingKey(a)).not.toBe(spellingKey(b)));
  it("leaves words without a variant alone", () => {
    for (const w of ["patient", "aerobic", "poem", "heroes", "advise", "oxygen", "shoe", "four", "hour", "tree", "filled"])
      expect(spellingKey(w)).toBe(w);
  });
});
