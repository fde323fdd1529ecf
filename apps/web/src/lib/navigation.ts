import { useCallback, useMemo } from "react";
import { useParams as useRouteParams, useLocation as useWouterLocation } from "wouter";
import { usePathname, useSearch } from "wouter/use-browser-location";

/**
 * The app's routing hooks, over wouter (decision 13): the few calls the screens use, with the
 * shapes they had under React Router, so screens do not depend on the router library.
 */

export { Link, Redirect } from "wouter";

export interface AppLocation {
  /** As in the address bar (still percent-encoded). */
  pathname: string;
  /** The query string with its "?", or "". */
  search: string;
}

/** Where the browser is now; a new object only when the path or the query changes. */
export function useLocation(): AppLocation {
  const pathname = usePathname();
  const search = useSearch();
  return useMemo(() => ({ pathname, search }), [pathname, search]);
}

export type To = string | { pathname?: string; search?: string; hash?: string };
export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

const href = (to: To) => (typeof to === "string" ? to : `${to.pathname ?? window.location.pathname}${to.search ?? ""}${to.hash ?? ""}`);

/** A stable function that goes to another path of the app (absolute paths only). */
export function useNavigate(): (to: To, options?: NavigateOptions) => void {
  const [, navigate] = useWouterLocation();
  return useCallback((to: To, options?: NavigateOptions) => navigate(href(to), options), [navigate]);
}

type ParamsInit = URLSearchParams | string | Record<string, string> | [string, string][];
export type SetSearchParams = (next: ParamsInit | ((current: URLSearchParams) => ParamsInit), options?: NavigateOptions) => void;

/** The query string as URLSearchParams, and a stable setter that navigates to the same path with a new query. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const search = useSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const navigate = useNavigate();
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      const query = new URLSearchParams(typeof next === "function" ? next(new URLSearchParams(window.location.search)) : next).toString();
      navigate(`${window.location.pathname}${query ? `?${query}` : ""}`, options);
    },
    [navigate],
  );
  return [params, setParams];
}

/** The `:name` segments of the matched route. */
export function useParams(): Readonly<Partial<Record<string, string>>> {
  return useRouteParams();
}
