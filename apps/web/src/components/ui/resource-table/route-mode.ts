import { useLocation, useParams } from "../../../lib/navigation";
import type { PanelMode, ResourcePaths } from "./types";

type Panel = "add" | "edit" | "view";
/** Where a table's screens live: its list, and the add path and the edit and view prefixes (an id follows them). */
export type PanelPrefixes = { list: string; add?: string; edit?: string; view?: string };
/** A table's paths and the panel a route opens: made by `panelRoutes` or `adminRoutesOf`, read by `useAdminPanel`. */
export type PanelRoutes = { paths: ResourcePaths; modeOf: (pathname: string, id: string | undefined) => PanelMode };

/**
 * A table's routes from its path prefixes. `panels` says which of add, edit and view open the side
 * panel over the list (by default every one given); the others are paths of screens of their own
 * (the blog's editor, say), linked to but never a panel. The add path opens the add panel,
 * `edit<id>` and `view<id>` open edit and view; anything else shows the list.
 */
export function panelRoutes(prefixes: PanelPrefixes, panels: readonly Panel[] = ["add", "edit", "view"]): PanelRoutes {
  const { list, add, edit, view } = prefixes;
  const paths: ResourcePaths = {
    list,
    add,
    edit: edit ? (id) => `${edit}${id}` : undefined,
    view: view ? (id) => `${view}${id}` : undefined,
  };
  const opens = (panel: Panel) => panels.includes(panel);
  function modeOf(pathname: string, id: string | undefined): PanelMode {
    const n = Number(id);
    const hasId = /^\d+$/.test(id ?? "") && n > 0;
    if (add && opens("add") && pathname === add) return { kind: "add" };
    if (edit && opens("edit") && hasId && pathname.startsWith(edit)) return { kind: "edit", id: n };
    if (view && opens("view") && hasId && pathname.startsWith(view)) return { kind: "view", id: n };
    return { kind: "list" };
  }
  return { paths, modeOf };
}

/**
 * The spec's admin routes of a table `name`: `/admin/name` lists, `/admin/add-name` adds,
 * `/admin/edit-name/:id` and `/admin/view-name/:id` edit and view; `panels` says which exist.
 */
export function adminRoutesOf(name: string, panels: readonly Panel[]): PanelRoutes {
  return panelRoutes({
    list: `/admin/${name}`,
    add: panels.includes("add") ? `/admin/add-${name}` : undefined,
    edit: panels.includes("edit") ? `/admin/edit-${name}/` : undefined,
    view: panels.includes("view") ? `/admin/view-${name}/` : undefined,
  });
}

/** The table's paths and the panel the current route opens, ready to spread onto a ResourceTable. */
export function useAdminPanel(routes: PanelRoutes): { paths: ResourcePaths; mode: PanelMode } {
  const { pathname } = useLocation();
  const { id } = useParams();
  return { paths: routes.paths, mode: routes.modeOf(pathname, id) };
}
