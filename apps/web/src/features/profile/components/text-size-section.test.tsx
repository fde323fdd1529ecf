import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TextSizeSection } from "./text-size-section";

describe("the text size setting", () => {
  it("offers Standard, Large and Larger as one labelled group, with the device's choice checked", () => {
    const html = renderToStaticMarkup(<TextSizeSection initial="large" />);
    expect(html).toContain('<legend class="sr-only">Text size</legend>');
    expect(html.match(/type="radio" name="text-size"/g)).toHaveLength(3);
    for (const label of ["Standard", "Large", "Larger"]) expect(html).toMatch(new RegExp(`/>${label}</label>`));
    expect(html).toMatch(/value="large" checked/);
    expect(html).not.toMatch(/value="standard" checked/);
  });
});
