import type { PanelMode } from "./types";

/**
 * The panel a resource route opens, from the spec's path patterns: `addPrefix` opens the add
 * panel, `editPrefix<id>` and `viewPrefix<id>` open edit and view; anything else, the list.
 */
export function panelModeOf(pathname: string, id: string | undefined, prefixes: { add?: string; edit?: string; view?: string }): PanelMode {
  const n = Number(id);
  const hasId = /^\d+$/.test(id ?? "") && n > 0;
  if (prefixes.add && pathname === prefixes.add) return { kind: "add" };
  if (prefixes.edit && hasId && pathname.startsWith(prefixes.edit)) return { kind: "edit", id: n };
  if (prefixes.view && hasId && pathname.startsWith(prefixes.view)) return { kind: "view", id: n };
  return { kind: "list" };
}
