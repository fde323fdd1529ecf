import { describe, expect, it } from "vitest";
import { isOwnUploadSrc } from "./blog-html.ts";

describe("isOwnUploadSrc", () => {
  it.each(["/uploads/0b6f3c1e-2f4a-4d1e-9a8b-1c2d3e4f5a6b.png", "/uploads/a.jpg", "/uploads/photo_1.webp"])(
    "keeps the upload %s",
    (src) => {
      expect(isOwnUploadSrc(src)).toBe(true);
    },
  );

  it.each([
    "https://evil.example/uploads/a.png",
    "http://localhost/uploads/a.png",
    "//evil.example/uploads/a.png",
    "/uploads/../admin",
    "/uploads/a.png?x=1",
    "/uploads/a/b.png",
    "/uploads/",
    "/blog/post",
    "uploads/a.png",
    " /uploads/a.png",
    "/uploads/a.png\n",
    "data:image/png;base64,iVBORw0KGgo=",
    "javascript:alert(1)",
    "",
    null,
    undefined,
  ])("refuses %s", (src) => {
    expect(isOwnUploadSrc(src)).toBe(false);
  });
});
