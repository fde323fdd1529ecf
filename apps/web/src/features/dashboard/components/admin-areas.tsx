import { ICONS, Icon, LinkCard, type LinkCardProps } from "./link-card";

interface Area {
  heading: string;
  cards: readonly LinkCardProps[];
}

const AREAS: readonly Area[] = [
  {
    heading: "People",
    cards: [
      {
        to: "/admin/users",
        title: "Users",
        description: "Find, add and edit candidate and staff accounts.",
        icon: <Icon d={ICONS.users} />,
      },
    ],
  },
  {
    heading: "Sales",
    cards: [
      {
        to: "/admin/packages",
        title: "Packages",
        description: "Subscription plans and what each one unlocks.",
        icon: <Icon d={ICONS.box} />,
      },
      {
        to: "/admin/stripe_product",
        title: "Products",
        description: "What the card provider sells, each linked to a package.",
        icon: <Icon d={ICONS.box} />,
      },
      {
        to: "/admin/stripe_price",
        title: "Prices",
        description: "Card-payment prices for each package.",
        icon: <Icon d={ICONS.tag} />,
      },
      {
        to: "/admin/stripe_subscription",
        title: "Subscriptions",
        description: "Candidates' subscriptions and their status.",
        icon: <Icon d={ICONS.repeat} />,
      },
      {
        to: "/admin/stripe_invoice",
        title: "Billing",
        description: "Invoices, orders and card charges.",
        icon: <Icon d={ICONS.card} />,
      },
    ],
  },
  {
    heading: "Content",
    cards: [
      {
        to: "/admin/pages",
        title: "Pages",
        description: "The public landing, FAQ, contact and terms pages.",
        icon: <Icon d={ICONS.page} />,
      },
      {
        to: "/admin/cms",
        title: "CMS",
        description: "Keyed text and images that screens use for their copy.",
        icon: <Icon d={ICONS.text} />,
      },
      {
        to: "/admin/email",
        title: "Email templates",
        description: "Transactional emails with placeholders, preview and test send.",
        icon: <Icon d={ICONS.mail} />,
      },
      {
        to: "/admin/photo",
        title: "Photos",
        description: "Images uploaded for pages and content.",
        icon: <Icon d={ICONS.image} />,
      },
    ],
  },
  {
    heading: "Account",
    cards: [
      {
        to: "/admin/profile",
        title: "Profile",
        description: "Your name, photo, password and two-factor sign-in.",
        icon: <Icon d={ICONS.user} />,
      },
    ],
  },
];

/** The staff areas as link cards, grouped as in the navigation. */
export function AdminAreas() {
  return (
    <div className="space-y-8">
      {AREAS.map((area) => {
        const headingId = `area-${area.heading.toLowerCase()}`;
        return (
          <section key={area.heading} aria-labelledby={headingId}>
            <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
              {area.heading}
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {area.cards.map((card) => (
                <li key={card.to}>
                  <LinkCard {...card} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
