import type { Role } from "@academy/contract/common";
import { type ComponentType, lazy, type MouseEvent, type ReactNode, Suspense, useEffect, useMemo, useState } from "react";
import { Logo } from "../../components/ui/logo";
import { Sidebar } from "../../components/ui/sidebar";
import { SkipLink } from "../../components/ui/skip-link";
import { buttonClass } from "../../components/ui/styles";
import { useLogout } from "../../features/auth/hooks/use-logout";
import { fullName } from "../../lib/auth-state";
import { useAuth } from "../../lib/auth-store";
import { Link, useLocation } from "../../lib/navigation";
import { activeNavItem, staffNavFor, userNav, withUnreadCount } from "../nav";
import { useSidebar } from "./use-sidebar";

const SIDEBAR_ID = "app-sidebar";

// The unread count reads the chat's rooms with TanStack Query: it loads after the frame, in its own
// chunk. Should that chunk fail to load, the navigation simply goes without the count.
const NoCount = (_: { onUnread: (count: number) => void }) => null;
const UnreadWatch = lazy(() =>
  Promise.all([import("../with-query-client"), import("../../features/chat/components/unread-watch")])
    .then(([q, m]) => q.withQueryClient(m.UnreadWatch))
    .catch(() => ({ default: NoCount })),
);

// The offline banner (decision 32) keeps a candidate's offline answers syncing on every screen; it
// loads after the frame, in its own chunk with IndexedDB's helper, never with the first screen.
const NoBanner = (_: { userId: number }) => null;
const OfflineBanner = lazy(() =>
  import("../../features/quiz/components/offline-banner")
    .then((m): { default: ComponentType<{ userId: number }> } => ({ default: m.OfflineBanner }))
    .catch(() => ({ default: NoBanner })),
);

// Documents saved for offline reading leave the device once the plan no longer opens them (decision 32).
const SavedDocumentsWatch = lazy(() =>
  import("../../features/library/components/saved-documents-watch")
    .then((m): { default: ComponentType<{ userId: number }> } => ({ default: m.SavedDocumentsWatch }))
    .catch(() => ({ default: NoBanner })),
);

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? "")
      .join("") || "?"
  );
}

/** Frame for a signed-in candidate or admin: sidebar, top bar with menu, name and log out. */
export function SignedInWrapper({ role, children }: { role: Role; children: ReactNode }) {
  const { state } = useAuth();
  const logout = useLogout();
  const { pathname } = useLocation();
  const sidebar = useSidebar();
  const { toggle, closeIfNarrow, setOpen, isWide } = sidebar;
  // Staff who must set up two-factor sign-in first have nowhere else to go yet: no navigation.
  const hasNav = !(role === "admin" && state.twoFactorSetupRequired);
  const open = sidebar.open && hasNav;
  const baseGroups = useMemo(() => (role === "admin" ? staffNavFor(state.staffRole) : userNav), [role, state.staffRole]);
  const active = activeNavItem(baseGroups, pathname);
  const [unread, setUnread] = useState(0);
  const groups = useMemo(() => withUnreadCount(baseGroups, unread), [baseGroups, unread]);
  const name = fullName(state.userDetails) || (role === "admin" ? "Staff member" : "Candidate");
  const home = `/${role}/dashboard`;

  // Escape closes the sidebar where it lies over the page.
  useEffect(() => {
    if (!open || isWide) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        document.querySelector<HTMLButtonElement>("[data-sidebar-toggle]")?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, isWide, setOpen]);

  // On a narrow screen, a click on the page (not on the menu button) closes the open sidebar.
  const onPageClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!open) return;
    if ((event.target as Element).closest("[data-sidebar-toggle]")) return;
    closeIfNarrow();
  };

  return (
    <div data-testid={`wrapper-${role}`} className="min-h-dvh bg-slate-50">
      <SkipLink />
      {hasNav ? (
        <Suspense fallback={null}>
          <UnreadWatch onUnread={setUnread} />
        </Suspense>
      ) : null}
      {hasNav ? (
        <Sidebar
          id={SIDEBAR_ID}
          open={open}
          groups={groups}
          activeTo={active?.to}
          onNavigate={closeIfNarrow}
          label={role === "admin" ? "Staff navigation" : "Main navigation"}
          header={
            <Link to={home} className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-red-700">
              <Logo />
            </Link>
          }
        />
      ) : null}
      {open && !isWide ? (
        <div aria-hidden="true" className="pointer-events-none fixed inset-x-0 top-16 bottom-0 z-30 bg-slate-900/40 lg:hidden" />
      ) : null}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: closing on an outside click is a pointer convenience; Escape and the menu button do the same from the keyboard */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: see above */}
      <div
        onClick={onPageClick}
        className={`flex min-h-dvh flex-col transition-[padding] duration-200 motion-reduce:transition-none ${open ? "lg:pl-72" : ""}`}
      >
        <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
          <div className="flex h-16 items-center gap-3 px-4 sm:px-6">
            {hasNav ? (
              <button
                type="button"
                data-sidebar-toggle
                aria-expanded={open}
                aria-controls={SIDEBAR_ID}
                onClick={toggle}
                className={`${buttonClass.ghost} relative -ml-2 px-2`}
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
                  <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
                </svg>
                <span className="sr-only">{unread > 0 && !open ? `Menu, ${unread} unread` : "Menu"}</span>
                {unread > 0 && !open ? (
                  <span
                    aria-hidden="true"
                    data-testid="menu-count"
                    className="-top-0.5 -right-0.5 absolute min-w-4 rounded-full bg-red-700 px-1 text-center text-[10px] font-semibold leading-4 text-white"
                  >
                    {unread}
                  </span>
                ) : null}
              </button>
            ) : null}
            {open && isWide ? null : (
              <Link
                to={home}
                className="hidden rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-red-700 sm:block"
              >
                <Logo />
              </Link>
            )}
            <div className="ml-auto flex min-w-0 items-center gap-3">
              <span className="flex min-w-0 items-center gap-2">
                <span
                  aria-hidden="true"
                  className="flex size-8 shrink-0 items-center justify-center rounded-full bg-red-100 text-xs font-bold text-red-800"
                >
                  {initials(name)}
                </span>
                <span className="truncate text-sm font-medium text-slate-800" data-testid="person-name">
                  {name}
                </span>
              </span>
              <button type="button" onClick={logout} className={buttonClass.secondary}>
                Log out
              </button>
            </div>
          </div>
        </header>
        <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8">
          <div className="mx-auto max-w-6xl">
            {role === "user" && state.user ? (
              <Suspense fallback={null}>
                <OfflineBanner userId={state.user} />
                <SavedDocumentsWatch userId={state.user} />
              </Suspense>
            ) : null}
            {children}
          </div>
        </main>
      </div>
    </div>
  );
}
