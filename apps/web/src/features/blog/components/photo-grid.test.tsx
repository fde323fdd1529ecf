import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { LibraryPhoto } from "../api/photos";
import { PhotoGrid } from "./photo-grid";

const photos: LibraryPhoto[] = [
  { id: 1, url: "/uploads/a.jpg", original_name: "a.jpg", caption: "Stretcher on the cliff", mime: "image/jpeg" },
  { id: 2, url: "/uploads/knot.png", original_name: "knot.png", caption: null, mime: "image/png" },
];

describe("PhotoGrid", () => {
  const html = renderToStaticMarkup(
    <PhotoGrid photos={photos} name="cover" className="max-h-64" isChosen={(p) => p.id === 2} onChoose={() => {}} />,
  );
  const radios = html.match(/<input[^>]*>/g) ?? [];

  it("gives every photo one radio of the group, named by its caption or else its file name", () => {
    expect(radios).toHaveLength(2);
    for (const r of radios) {
      expect(r).toContain('type="radio"');
      expect(r).toContain('name="cover"');
    }
    expect(radios[0]).toContain('aria-label="Stretcher on the cliff"');
    expect(radios[1]).toContain('aria-label="knot.png"');
  });

  it("checks only the chosen photo", () => {
    expect(radios[0]).not.toContain("checked");
    expect(radios[1]).toMatch(/\schecked(=""|\s|>|\/)/);
  });

  it("shows each thumbnail as decoration, the radio carrying the name", () => {
    const images = html.match(/<img[^>]*>/g) ?? [];
    expect(images).toHaveLength(2);
    for (const [i, src] of ["/uploads/a.jpg", "/uploads/knot.png"].entries()) {
      expect(images[i]).toContain(`src="${src}"`);
      // An empty alt: Preact writes it as a bare attribute, which HTML reads as alt="".
      expect(images[i]).toMatch(/\salt(=""|\s|>|\/)/);
    }
  });

  it("sizes the grid where it stands", () => {
    expect(html).toMatch(/^<div class="grid grid-cols-3 gap-2 overflow-y-auto max-h-64">/);
  });
});
