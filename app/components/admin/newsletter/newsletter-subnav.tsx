/** The Newsletter tab's own navigation: subscribers and campaigns (docs/rules/newsletter.md). */
import { NavLink } from "react-router";
import { cn } from "~/lib/cn";

const LINKS = [
  { to: "/admin/newsletter", label: "Prenumeranter", end: true },
  { to: "/admin/newsletter/kampanjer", label: "Kampanjer", end: false },
] as const;

export function NewsletterSubNav() {
  return (
    <nav aria-label="Nyhetsbrev" className="flex gap-1 overflow-x-auto border-b">
      {LINKS.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.end}
          className={({ isActive }) =>
            cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors",
              isActive ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
            )
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
