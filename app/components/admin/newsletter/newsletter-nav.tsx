/**
 * The Newsletter tab's sub-navigation (docs/rules/admin.md#newsletter): subscribers, the launch
 * list and campaigns. Plain links, so each view has its own address.
 */
import { NavLink } from "react-router";
import { cn } from "~/lib/cn";

const LINKS = [
  { to: "/admin/newsletter", label: "Prenumeranter", end: true },
  { to: "/admin/newsletter/lansering", label: "Lanseringslista", end: false },
  { to: "/admin/newsletter/kampanjer", label: "Kampanjer", end: false },
] as const;

export function NewsletterNav() {
  return (
    <nav aria-label="Nyhetsbrev" className="-mx-1 overflow-x-auto" data-testid="newsletter-nav">
      <ul className="flex min-w-max gap-1 border-b px-1">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                cn(
                  // Narrower on a phone, so all three fit a 375 px screen without scrolling.
                  "-mb-px inline-flex h-10 items-center border-b-2 px-2 text-sm font-medium transition-colors sm:px-3",
                  "focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                  isActive ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
                )
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
