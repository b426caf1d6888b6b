/**
 * A tab's sub-navigation in the staff panel (docs/rules/admin.md#roles-and-tabs): plain links,
 * so each view has its own address; the current view is marked. Narrower on a phone, so a tab's
 * views fit a 375 px screen without scrolling.
 */
import { NavLink } from "react-router";
import { cn } from "~/lib/cn";

interface SubNavLink {
  to: string;
  label: string;
  /** Marked only on exactly this address (the tab's first view), not on the views below it. */
  end: boolean;
}

export function AdminSubNav({ label, links, testId }: { label: string; links: readonly SubNavLink[]; testId: string }) {
  return (
    <nav aria-label={label} className="-mx-1 overflow-x-auto" data-testid={testId}>
      <ul className="flex min-w-max gap-1 border-b px-1">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                cn(
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
