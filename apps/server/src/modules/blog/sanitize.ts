import { POST_ATTRIBUTES, POST_TAGS } from "@academy/contract/blog-html";
import sanitizeHtml from "sanitize-html";

/**
 * What a post body may hold: the formatting the editor produces (headings, paragraphs, emphasis,
 * lists, quotes, code, rules, links, images, simple tables). Everything else is dropped: scripts,
 * styles, event handlers, forms, frames, and any link or image whose address is not http(s),
 * mailto or a path on this site (`/uploads/...`, `/blog/...`).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...POST_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(POST_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  // Text inside dropped elements such as <script> and <style> goes with them.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "iframe", "object", "template"],
  transformTags: {
    // A link that opens a new tab never hands the opener to the page it opens.
    a: (tagName, attribs) => {
      const { target, rel: _rel, ...rest } = attribs;
      return { tagName, attribs: target === "_blank" ? { ...rest, target, rel: "noopener noreferrer nofollow" } : rest };
    },
  },
};

/** A post body as it may be stored and shown. */
export function sanitizePostBody(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Plain text of a post body (reading time, feed descriptions). */
export function textOf(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, " ").trim();
}
