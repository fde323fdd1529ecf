// What a blog post's body may hold, shared by the server (sanitize-html, on write) and the
// browser (DOMPurify, before rendering). No zod here: the browser imports it.

/** The formatting the editor produces: headings, paragraphs, emphasis, lists, quotes, code, rules, links, images, simple tables. */
export const POST_TAGS = [
  "h2",
  "h3",
  "h4",
  "p",
  "br",
  "hr",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "a",
  "img",
  "figure",
  "figcaption",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
] as const;

/** The attributes each tag may keep. */
export const POST_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ["href", "title", "target", "rel"],
  img: ["src", "alt", "title", "width", "height"],
  ol: ["start"],
  th: ["colspan", "rowspan"],
  td: ["colspan", "rowspan"],
};

/**
 * Where a body image may come from: a file uploaded to this site (`/uploads/<name>`, as the photo
 * library answers it). Images from other sites, `data:` and `javascript:` addresses are dropped
 * with the whole <img>, on write and before rendering.
 */
export const OWN_UPLOAD_SRC = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9]{1,8})?$/;

/** Whether `src` is an image address a post body may keep. */
export function isOwnUploadSrc(src: string | null | undefined): boolean {
  return typeof src === "string" && OWN_UPLOAD_SRC.test(src);
}
