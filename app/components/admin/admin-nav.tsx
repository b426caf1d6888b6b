/** The panel's tab list, as the sidebar and the mobile menu show it: only the role's tabs. */
import { NavLink } from "react-router";
import {
  ArrowLeftRight,
  ChartColumn,
  LayoutDashboard,
  Mail,
  Megaphone,
  Newspaper,
  SearchCheck,
  ShoppingBag,
  TrendingUp,
  UserPlus,
  Users,
  type LucideIcon,
} from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import type { AdminTab, AdminTabId } from "~/modules/admin/admin-tabs";

const TAB_ICONS: Record<AdminTabId, LucideIcon> = {
  dashboard: LayoutDashboard,
  transactions: ArrowLeftRight,
  analytics: ChartColumn,
  users: Users,
  blog: Newspaper,
  seo: SearchCheck,
  newsletter: Mail,
  ltv: TrendingUp,
  referrals: UserPlus,
  influencers: Megaphone,
  "point-shop": ShoppingBag,
};

export function AdminNav({ tabs, onNavigate, label }: { tabs: readonly AdminTab[]; onNavigate?: () => void; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className="grid gap-1">
        {tabs.map((tab) => {
          const Icon = TAB_ICONS[tab.id as AdminTabId];
          return (
            <li key={tab.id}>
              <NavLink
                to={tab.path}
                prefetch="intent"
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    "flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium transition-colors",
                    "outline-hidden focus-visible:ring-2 focus-visible:ring-ring",
                    // The active tab's text stays at full contrast on the tint; its icon carries the colour.
                    isActive
                      ? "bg-primary/10 font-semibold text-foreground [&>svg]:text-primary"
                      : "text-muted-foreground hover:bg-accent hover:text-accent-foreground",
                  )
                }
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                {tab.label}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
