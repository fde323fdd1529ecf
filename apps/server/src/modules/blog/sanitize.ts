import { isOwnUploadSrc, POST_ATTRIBUTES, POST_TAGS } from "@academy/contract/blog-html";
import sanitizeHtml from "sanitize-html";

/**
 * What a post body may hold: the formatting the editor produces (headings, paragraphs, emphasis,
 * lists, quotes, code, rules, links, images, simple tables). Everything else is dropped: scripts,
 * styles, event handlers, forms, frames, any link whose address is not http(s), mailto or a path
 * on this site (`/blog/...`), and any image that is not a file uploaded here (`/uploads/...`).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...POST_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(POST_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: ["http", "https", "mailto"],
  // An image is a file uploaded here or nothing: no other site's, no data: or javascript: address.
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  // Text inside dropped elements such as <script> and <style> goes with them.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "iframe", "object", "template"],
  exclusiveFilter: (frame) => frame.tag === "img" && !isOwnUploadSrc(frame.attribs.src),
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

/** How many images of a (sanitized) body say nothing of what they show: no alt text, or only spaces. */
export function imagesWithoutAlt(html: string): number {
  let missing = 0;
  for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) if (!/\salt="[^"]*\S[^"]*"/i.test(tag)) missing += 1;
  return missing;
}
