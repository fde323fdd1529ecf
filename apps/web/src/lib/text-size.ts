// The reading text size (decision 30): a setting of this device, kept in its storage, that the
// quiz player, the library's reading pages, the study assistant and blog posts follow. Set on <html> as data-text-size before the
// first paint; index.css scales the text inside `.reading-text` by it.

export const TEXT_SIZES = [
  { value: "standard", label: "Standard", scale: 1 },
  { value: "large", label: "Large", scale: 1.25 },
  { value: "larger", label: "Larger", scale: 1.5 },
] as const;
export type TextSize = (typeof TEXT_SIZES)[number]["value"];

/** The class of the containers whose text follows the setting: the quiz player, results, library pages, the study assistant and blog posts. */
export const READING_TEXT_CLASS = "reading-text";

const KEY = "academy.text-size";
const isTextSize = (value: unknown): value is TextSize => TEXT_SIZES.some((s) => s.value === value);

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;
type Root = { dataset: DOMStringMap };

/** This device's choice; standard when none (or when storage is blocked). */
export function readTextSize(store: Store | undefined): TextSize {
  try {
    const saved = store?.getItem(KEY);
    return isTextSize(saved) ? saved : "standard";
  } catch {
    return "standard";
  }
}

/** Shows the pages at `size`: standard leaves no attribute behind. */
export function applyTextSize(root: Root, size: TextSize): void {
  if (size === "standard") delete root.dataset.textSize;
  else root.dataset.textSize = size;
}

/** Keeps the choice on this device and applies it at once. */
export function saveTextSize(store: Store | undefined, root: Root, size: TextSize): void {
  try {
    if (size === "standard") store?.removeItem(KEY);
    else store?.setItem(KEY, size);
  } catch {
    // Storage blocked (a private window's quota): the choice still applies until the tab closes.
  }
  applyTextSize(root, size);
}

/** The browser's storage, when it may be used at all. */
export function deviceStorage(): Store | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
