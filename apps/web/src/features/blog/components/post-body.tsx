import { isOwnUploadSrc, POST_ATTRIBUTES, POST_TAGS } from "@academy/contract/blog-html";
import DOMPurify from "dompurify";

/** Its own instance: the hooks below apply to post bodies only. */
const purifier = typeof window === "undefined" ? DOMPurify : DOMPurify(window);
purifier.addHook("afterSanitizeAttributes", (node) => {
  if (node.nodeName !== "IMG") return;
  // An image is a file uploaded here or nothing (as on the server): no other site's, no data: address.
  if (!isOwnUploadSrc(node.getAttribute("src"))) {
    node.remove();
    return;
  }
  // Body images load as the reader scrolls to them, without holding up the text.
  node.setAttribute("loading", "lazy");
  node.setAttribute("decoding", "async");
});

/**
 * The body of a post as HTML: sanitized on write by the server, and again here before it is
 * rendered (the same allowlist: formatting, links and images uploaded here; no scripts, styles or handlers).
 */
export function sanitizePostHtml(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: [...POST_TAGS],
    ALLOWED_ATTR: [...new Set(Object.values(POST_ATTRIBUTES).flat())],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/)|#)/i,
  });
}

export const proseClass =
  "space-y-4 leading-relaxed text-slate-700 [&_a]:text-red-800 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-red-200 [&_blockquote]:pl-4 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_li]:ml-5 [&_li]:pl-1 [&_ol]:list-decimal [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-slate-100 [&_strong]:text-slate-900 [&_ul]:list-disc [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:border-slate-200 [&_td]:px-2 [&_th]:border [&_th]:border-slate-200 [&_th]:px-2";

export function PostBody({ html }: { html: string }) {
  return (
    <div
      className={proseClass}
      data-testid="post-body"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on write by the server and again here by DOMPurify
      dangerouslySetInnerHTML={{ __html: sanitizePostHtml(html) }}
    />
  );
}
