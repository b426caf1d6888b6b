/** The site's navigation, shared by the header, the mobile menu and the footer. */
import { cn } from "~/lib/cn";

export const MAIN_NAV = [
  { to: "/salja-skins", label: "Sälj skins" },
  { to: "/kop-skins", label: "Köp skins" },
  { to: "/point-shop", label: "Point Shop" },
  { to: "/blog", label: "Blogg" },
  { to: "/om-oss", label: "Om oss" },
  { to: "/faq", label: "FAQ" },
  { to: "/kontakta-oss", label: "Kontakt" },
] as const;

export const RESOURCE_LINKS = [
  { to: "/blog", label: "Blogg" },
  { to: "/faq", label: "Vanliga frågor" },
  { to: "/point-system", label: "Poängsystem" },
  { to: "/xp-system", label: "XP och VIP-nivåer" },
  { to: "/omdomen", label: "Omdömen" },
  { to: "/trade-protection", label: "Trade Protection" },
] as const;

export const LEGAL_LINKS = [
  { to: "/anvandarvillkor", label: "Användarvillkor" },
  { to: "/integritetspolicy", label: "Integritetspolicy" },
  { to: "/cookie-policy", label: "Cookiepolicy" },
] as const;

/** A main-menu link: the header's row and the mobile menu. */
export function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground",
    isActive ? "text-primary" : "text-muted-foreground",
  );
}
