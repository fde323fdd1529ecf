/**
 * Masking in the browser, before anything leaves it (as session-replay tools do by default):
 * no input, textarea or select value is ever recorded, and the page copy is sent with every
 * value and the text of every field removed.
 */

const FIELD = "input, textarea, select, [contenteditable]:not([contenteditable='false'])";
const INTERACTIVE =
  "button, a[href], input, textarea, select, summary, label, [role='button'], [role='link'], [role='tab'], [role='menuitem'], [role='option'], [role='checkbox'], [role='switch']";
/** Elements left out of the copy: code, frames and styling (large, and nothing to see). */
const DROPPED = "script, noscript, template, iframe, object, embed, style, link, meta";

const squash = (text: string, max: number) => {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
};

/** Whether the element is a field whose content a person typed or chose. */
export const isField = (el: Element) => el.matches(FIELD);

/**
 * A short description of what was clicked or typed in, without any value: a field reads as
 * `input[name=email]` (its label, never what is in it); a button or link by its text.
 */
export function describeTarget(start: EventTarget | null): string | undefined {
  if (!(start instanceof Element)) return undefined;
  const field = start.closest(FIELD);
  const el = field ?? start.closest(INTERACTIVE) ?? start;
  const tag = el.tagName.toLowerCase();
  if (field) {
    const name = el.getAttribute("name") ?? el.id;
    const type = el.getAttribute("type");
    return squash(`${tag}${type ? `[type=${type}]` : ""}${name ? `[name=${name}]` : ""}`, 120);
  }
  // A label names a field: say which, not what the field holds.
  const label = el.getAttribute("aria-label") ?? el.textContent ?? "";
  const text = squash(label, 60);
  return squash(`${tag}${el.id ? `#${el.id}` : ""}${text ? ` "${text}"` : ""}`, 120);
}

/**
 * The page as HTML for `html_copy`: a copy of `root` without scripts and styling, with every
 * field emptied (value, checked and selected attributes, textarea and editable text), cut to `max`
 * characters. The live page is not touched.
 */
export function maskedHtml(root: Element, max: number): string {
  const copy = root.cloneNode(true) as Element;
  for (const el of Array.from(copy.querySelectorAll(DROPPED))) el.remove();
  for (const el of Array.from(copy.querySelectorAll("input"))) {
    el.removeAttribute("value");
    el.removeAttribute("checked");
    el.removeAttribute("placeholder");
  }
  for (const el of Array.from(copy.querySelectorAll("textarea, [contenteditable]:not([contenteditable='false'])"))) el.textContent = "";
  for (const el of Array.from(copy.querySelectorAll("option"))) {
    el.removeAttribute("selected");
    el.removeAttribute("value");
  }
  // Values some widgets keep in attributes of their own.
  for (const el of Array.from(copy.querySelectorAll("[data-value], [aria-valuetext]"))) {
    el.removeAttribute("data-value");
    el.removeAttribute("aria-valuetext");
  }
  const html = copy.outerHTML;
  return html.length > max ? html.slice(0, max) : html;
}
