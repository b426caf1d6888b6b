import { useState } from "react";
import { NavLink } from "react-router";
import { Menu } from "lucide-react";
import { Button } from "~/components/ui/button";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "~/components/ui/sheet";
import { cn } from "~/lib/cn";
import { usePublicConfig } from "~/lib/site-config";
import { Logo } from "./logo";
import { MAIN_NAV } from "./navigation";
import { MobileSessionActions, SessionMenu, useSignOutFeedback } from "./session-controls";
import { ThemeSwitch } from "./theme-switch";

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground",
    isActive ? "text-primary" : "text-muted-foreground",
  );
}

export function SiteHeader() {
  const { siteName } = usePublicConfig();
  const [menuOpen, setMenuOpen] = useState(false);
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
          <ThemeSwitch />
          <div className="hidden items-center gap-2 sm:flex">
            <SessionMenu />
          </div>
          <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
            <SheetTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="md:hidden"
                aria-label="Öppna menyn"
                data-testid="mobile-menu-button"
              >
                <Menu className="size-6" aria-hidden="true" />
              </Button>
            </SheetTrigger>
            <SheetContent side="right" className="w-[85vw] max-w-sm">
              <SheetHeader>
                <SheetTitle>Meny</SheetTitle>
                <SheetDescription className="sr-only">Navigera på {siteName}</SheetDescription>
              </SheetHeader>
              <nav aria-label="Mobilmeny" className="flex flex-col gap-1 px-4">
                {MAIN_NAV.map((item) => (
                  <NavLink
                    key={item.to}
                    to={item.to}
                    className={({ isActive }) =>
                      cn(navClass({ isActive }), "px-3 py-3 text-base")
                    }
                    onClick={() => setMenuOpen(false)}
                  >
                    {item.label}
                  </NavLink>
                ))}
              </nav>
              <div className="mt-4 grid gap-2 border-t px-4 pt-4">
                <MobileSessionActions onNavigate={() => setMenuOpen(false)} />
              </div>
            </SheetContent>
          </Sheet>
        </div>
      </div>
    </header>
  );
}
