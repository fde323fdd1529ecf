import type { ReactNode } from "react";
import { Link } from "../../lib/navigation";

export interface SidebarItem {
  label: string;
  to: string;
  /** A count shown beside the label; `unit` is what it counts, read out after it ("3 unread"). */
  count?: { value: number; unit: string } | undefined;
}
export interface SidebarGroup {
  label: string;
  items: readonly SidebarItem[];
}

interface SidebarProps {
  id: string;
  open: boolean;
  groups: readonly SidebarGroup[];
  /** `to` of the current item. */
  activeTo?: string | undefined;
  header?: ReactNode;
  /** Called after a link is followed (a narrow screen closes the sidebar). */
  onNavigate?: () => void;
  label?: string;
}

/**
 * Grouped navigation. Closed, it is off-screen and inert (nothing inside can take focus);
 * on wide screens the page leaves room for it, on narrow ones it lies over the page, below
 * the top bar so the menu button stays in reach.
 */
export function Sidebar({ id, open, groups, activeTo, header, onNavigate, label = "Main" }: SidebarProps) {
  return (
    <aside
      id={id}
      data-testid="sidebar"
      data-open={open ? "true" : "false"}
      inert={!open}
      className={`fixed top-16 bottom-0 left-0 z-40 lg:top-0 flex w-72 max-w-[80vw] flex-col border-r border-slate-200 bg-white shadow-xl transition-transform duration-200 motion-reduce:transition-none lg:shadow-none ${
        open ? "translate-x-0" : "-translate-x-full"
      }`}
    >
      {header ? <div className="hidden h-16 shrink-0 items-center border-b border-slate-200 px-5 lg:flex">{header}</div> : null}
      <nav aria-label={label} className="flex-1 overflow-y-auto px-3 py-4">
        {groups.map((group) => {
          const headingId = `${id}-${group.label.toLowerCase().replace(/\W+/g, "-")}`;
          return (
            <div key={group.label} className="mb-5">
              <p id={headingId} className="px-3 pb-1 text-xs font-semibold tracking-wider text-slate-500 uppercase">
                {group.label}
              </p>
              <ul aria-labelledby={headingId} className="space-y-0.5">
                {group.items.map((item) => {
                  const isActive = item.to === activeTo;
                  return (
                    <li key={item.to}>
                      <Link
                        to={item.to}
                        onClick={onNavigate}
                        aria-current={isActive ? "page" : undefined}
                        // Read as one phrase, "Coaching, 3 unread".
                        aria-label={item.count ? `${item.label}, ${item.count.value} ${item.count.unit}` : undefined}
                        className={`flex items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-red-700 ${
                          isActive ? "bg-red-50 text-red-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                        }`}
                      >
                        <span className="min-w-0 truncate">{item.label}</span>
                        {item.count ? (
                          <span
                            data-testid="nav-count"
                            className="shrink-0 rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white"
                          >
                            {item.count.value}
                            <span className="sr-only"> {item.count.unit}</span>
                          </span>
                        ) : null}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
      </nav>
    </aside>
  );
}
