import { ICONS, Icon, LinkCard } from "../features/dashboard/components/link-card";
import { useAuth } from "../lib/auth-store";
import { staffNavFor } from "./nav";
import { routeDescriptions } from "./route-descriptions";

/** The icon of each staff area; an area without one of its own shows a page. */
const AREA_ICONS: Readonly<Record<string, keyof typeof ICONS>> = {
  "/admin/users": "users",
  "/admin/study-plans": "check",
  "/admin/packages": "box",
  "/admin/stripe_product": "box",
  "/admin/stripe_price": "tag",
  "/admin/stripe_subscription": "repeat",
  "/admin/stripe_invoice": "card",
  "/admin/quizzes": "flag",
  "/admin/library": "book",
  "/admin/blog": "text",
  "/admin/pages": "page",
  "/admin/cms": "text",
  "/admin/email": "mail",
  "/admin/photo": "image",
  "/admin/scheduling": "chart",
  "/admin/chat": "chat",
  "/admin/analytics": "chart",
  "/admin/activity": "check",
  "/admin/profile": "user",
};

/**
 * The staff areas as link cards, grouped and named as in the sidebar, each with the line that says
 * what it is for: one list (the navigation) makes both, so a new area shows in both at once.
 */
export function StaffAreas() {
  const { state } = useAuth();
  const groups = staffNavFor(state.staffRole).filter((group) => !group.items.every((item) => item.to === "/admin/dashboard"));
  return (
    <div className="space-y-8">
      {groups.map((group) => {
        const headingId = `area-${group.label.toLowerCase().replace(/\W+/g, "-")}`;
        return (
          <section key={group.label} aria-labelledby={headingId}>
            <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
              {group.label}
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {group.items.map((item) => (
                <li key={item.to}>
                  <LinkCard
                    to={item.to}
                    title={item.label}
                    description={routeDescriptions[item.to] ?? ""}
                    icon={<Icon d={ICONS[AREA_ICONS[item.to] ?? "page"]} />}
                  />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
