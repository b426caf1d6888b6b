import { Suspense } from "react";
import { NavLink } from "react-router";
import { lazyComponent } from "~/lib/lazy-component";
import { usePublicConfig } from "~/lib/site-config";
import { Logo } from "./logo";
import { MobileMenuButton } from "./mobile-menu-button";
import { MAIN_NAV, navClass } from "./navigation";
import { SessionMenu, useSignOutFeedback } from "./session-controls";
import { ThemeSwitchButton } from "./theme-switch-button";

// Menus load after the page's own code: the server renders them all the same.
const ThemeSwitch = lazyComponent(() => import("./theme-switch").then((module) => module.ThemeSwitch));
const MobileMenu = lazyComponent(() => import("./mobile-menu").then((module) => module.MobileMenu));

export function SiteHeader() {
  const { siteName } = usePublicConfig();
  useSignOutFeedback();

  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Logo siteName={siteName} />
        <nav aria-label="Huvudmeny" className="ml-4 hidden items-center gap-1 md:flex">
          {MAIN_NAV.map((item) => (
            <NavLink key={item.to} to={item.to} className={navClass} prefetch="intent">
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <Suspense fallback={<ThemeSwitchButton />}>
            <ThemeSwitch />
          </Suspense>
          <div className="hidden items-center gap-2 sm:flex">
            <SessionMenu />
          </div>
          <Suspense fallback={<MobileMenuButton />}>
            <MobileMenu siteName={siteName} />
          </Suspense>
        </div>
      </div>
    </header>
  );
}
