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
