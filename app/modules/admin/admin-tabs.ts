/**
 * The staff panel's tabs and who may open each (docs/rules/admin.md#roles-and-tabs): the one
 * table the server's guard, the sidebar and the authorization tests all read. Isomorphic, so
 * the panel shows exactly the tabs the server lets the role open.
 *
 * Labels are English admin chrome; the order is the sidebar order
 * (docs/rules/admin.md#roles-and-tabs).
 */
import type { Role } from "~/modules/accounts/accounts-constants";

export const ADMIN_BASE_PATH = "/admin";

export interface AdminTab {
  id: string;
  /** Sidebar and header label (docs/rules/admin.md#roles-and-tabs). */
  label: string;
  path: string;
  /** Roles that may open the tab; everyone else gets 403. */
  roles: readonly Role[];
  /** What the tab is for, in Swedish: its subtitle. */
  summary: string;
}

const ADMIN: readonly Role[] = ["admin"];

export const ADMIN_TABS = [
  {
    id: "dashboard",
    label: "Dashboard",
    path: `${ADMIN_BASE_PATH}/dashboard`,
    roles: ADMIN,
    summary: "Översikt över försäljning, köp, medlemmar och poäng.",
  },
  {
    id: "transactions",
    label: "Transactions",
    path: `${ADMIN_BASE_PATH}/transactions`,
    roles: ADMIN,
    summary: "Registrera, genomför, annullera och exportera medlemmarnas affärer.",
  },
  {
    id: "analytics",
    label: "Analytics",
    path: `${ADMIN_BASE_PATH}/analytics`,
    roles: ADMIN,
    summary: "Besökare, sidvisningar och konverteringar över tid.",
  },
  {
    id: "users",
    label: "Users",
    path: `${ADMIN_BASE_PATH}/users`,
    roles: ADMIN,
    summary: "Medlemmar, deras nivåer, poäng och roller.",
  },
  {
    id: "blog",
    label: "Blog",
    path: `${ADMIN_BASE_PATH}/blog`,
    roles: ["admin", "blog", "seo"],
    summary: "Skriv, redigera och publicera blogginlägg.",
  },
  {
    id: "seo",
    label: "SEO Dashboard",
    path: `${ADMIN_BASE_PATH}/seo`,
    roles: ["admin", "seo"],
    summary: "Inläggens och sidornas titlar, beskrivningar, rubriker, bilder och strukturerade data.",
  },
  {
    id: "newsletter",
    label: "Newsletter",
    path: `${ADMIN_BASE_PATH}/newsletter`,
    roles: ADMIN,
    summary: "Prenumeranter och utskick av nyhetsbrev.",
  },
  {
    id: "ltv",
    label: "LTV Analytics",
    path: `${ADMIN_BASE_PATH}/ltv`,
    roles: ADMIN,
    summary: "Medlemmarnas livstidsvärde och återkommande affärer.",
  },
  {
    id: "referrals",
    label: "Referrals",
    path: `${ADMIN_BASE_PATH}/referrals`,
    roles: ADMIN,
    summary: "Värvningar, belöningar och granskning av dem.",
  },
  {
    id: "influencers",
    label: "Influencers",
    path: `${ADMIN_BASE_PATH}/influencers`,
    roles: ADMIN,
    summary: "Influencers, deras koder och vad de har gett.",
  },
  {
    id: "point-shop",
    label: "Point Shop",
    path: `${ADMIN_BASE_PATH}/point-shop`,
    roles: ADMIN,
    summary: "Butikens varor, lager och beställningar att leverera.",
  },
] as const satisfies readonly AdminTab[];

export type AdminTabId = (typeof ADMIN_TABS)[number]["id"];

export function adminTab(id: AdminTabId): AdminTab {
  return ADMIN_TABS.find((tab) => tab.id === id)!;
}

/** The tab a panel path belongs to (`/admin/transactions/export.csv` → Transactions). */
export function adminTabForPath(pathname: string): AdminTab | null {
  return ADMIN_TABS.find((tab) => pathname === tab.path || pathname.startsWith(`${tab.path}/`)) ?? null;
}

export function canOpenTab(roles: readonly Role[], tab: Pick<AdminTab, "roles">): boolean {
  return roles.some((role) => tab.roles.includes(role));
}

/** The tabs a set of roles may open, in sidebar order. */
export function visibleTabs(roles: readonly Role[]): AdminTab[] {
  return ADMIN_TABS.filter((tab) => canOpenTab(roles, tab));
}

/** Where /admin leads a role: its first tab (admin: Dashboard; blog and seo: Blog). */
export function firstTab(roles: readonly Role[]): AdminTab | null {
  return visibleTabs(roles)[0] ?? null;
}
