import { describe, expect, it } from "vitest";
import { moveItem } from "./components/answer-input";

describe("moving an ordering item", () => {
  it("takes the item out and puts it in at the drop position, the others keeping their order", () => {
    expect(moveItem(["a", "b", "c", "d"], 3, 0)).toEqual(["d", "a", "b", "c"]);
    expect(moveItem(["a", "b", "c", "d"], 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveItem(["a", "b", "c"], 1, 1)).toEqual(["a", "b", "c"]);
    // One step, as the arrow buttons move: a swap of neighbours.
    expect(moveItem(["a", "b", "c"], 1, 0)).toEqual(["b", "a", "c"]);
  });
});
