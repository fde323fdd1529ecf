import { describe, expect, it } from "vitest";
import { finishOffer } from "./finish";

const adaptive = { mock: "adaptive" as const, complete: false, minQuestions: 70, maxQuestions: 120 };

describe("finishing a quiz", () => {
  it("offers no finish in an adaptive mock exam before its minimum, and says how many answers are left", () => {
    for (const answered of [0, 1, 69]) {
      const offer = finishOffer(adaptive, answered);
      expect(offer.canFinish).toBe(false);
      expect(offer.note).toBe(`The exam decides after at least 70 answers: ${70 - answered} more to go, 120 at most.`);
    }
  });

  it("offers the result once the adaptive exam has decided, and a finish after its minimum", () => {
    expect(finishOffer({ ...adaptive, complete: true }, 74)).toEqual({ canFinish: true, label: "See your result", note: null });
    expect(finishOffer(adaptive, 70)).toEqual({ canFinish: true, label: "Finish exam now", note: null });
  });

  it("lets any other quiz be finished at any time", () => {
    expect(finishOffer({ mock: null }, 0)).toEqual({ canFinish: true, label: "Finish quiz", note: null });
    expect(finishOffer({ mock: "fixed" }, 3).canFinish).toBe(true);
  });
});
