import type { KeyboardEvent, RefObject } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keyboard handling of a modal dialog: Escape closes it, Tab and Shift+Tab stay inside. The key
 * stops here, so a dialog opened from inside another (a confirmation over a side panel) closes alone.
 */
export function dialogKeyHandler(dialogRef: RefObject<HTMLElement | null>, onClose?: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key === "Escape" || event.key === "Tab") event.stopPropagation();
    if (event.key === "Escape" && onClose) {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== "Tab" || !dialogRef.current) return;
    const items = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
}
