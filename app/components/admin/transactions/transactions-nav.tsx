/**
 * The Transactions tab's sub-navigation (docs/rules/admin.md#roles-and-tabs): the trades, the
 * price list, the sell orders and the payout queue. Plain links, so each view has its own address;
 * an order's page keeps "Säljordrar" marked.
 */
import { NavLink } from "react-router";
import { cn } from "~/lib/cn";

const LINKS = [
  { to: "/admin/transactions", label: "Affärer", end: true },
  { to: "/admin/transactions/prislista", label: "Prislista", end: false },
  { to: "/admin/transactions/saljordrar", label: "Säljordrar", end: false },
  { to: "/admin/transactions/utbetalningar", label: "Utbetalningar", end: false },
] as const;

export function TransactionsNav() {
  return (
    <nav aria-label="Transaktioner" className="-mx-1 overflow-x-auto" data-testid="transactions-nav">
      <ul className="flex min-w-max gap-1 border-b px-1">
        {LINKS.map((link) => (
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
