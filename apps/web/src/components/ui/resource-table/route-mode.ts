import { useLocation, useParams } from "../../../lib/navigation";
import type { PanelMode, ResourcePaths } from "./types";

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

/**
 * The spec's admin routes of a table `name`: `/admin/name` lists, `/admin/add-name` adds,
 * `/admin/edit-name/:id` and `/admin/view-name/:id` edit and view; `panels` says which exist.
 */
export function adminRoutesOf(name: string, panels: readonly ("add" | "edit" | "view")[]) {
  const prefixes = {
    add: panels.includes("add") ? `/admin/add-${name}` : undefined,
    edit: panels.includes("edit") ? `/admin/edit-${name}/` : undefined,
    view: panels.includes("view") ? `/admin/view-${name}/` : undefined,
  };
  const paths: ResourcePaths = {
    list: `/admin/${name}`,
    add: prefixes.add,
    edit: prefixes.edit ? (id) => `${prefixes.edit}${id}` : undefined,
    view: prefixes.view ? (id) => `${prefixes.view}${id}` : undefined,
  };
  return { paths, modeOf: (pathname: string, id: string | undefined) => panelModeOf(pathname, id, prefixes) };
}

/** The table's paths and the panel the current route opens, ready to spread onto a ResourceTable. */
export function useAdminPanel(routes: ReturnType<typeof adminRoutesOf>): { paths: ResourcePaths; mode: PanelMode } {
  const { pathname } = useLocation();
  const { id } = useParams();
  return { paths: routes.paths, mode: routes.modeOf(pathname, id) };
}
