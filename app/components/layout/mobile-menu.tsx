/** The header's menu on narrow screens (docs/rules/site.md#header-and-footer): a sheet from the right. */
import { useState } from "react";
import { NavLink } from "react-router";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { cn } from "~/lib/cn";
import { MobileMenuButton } from "./mobile-menu-button";
import { MAIN_NAV, navClass } from "./navigation";
import { MobileSessionActions } from "./session-controls";

export function MobileMenu({ siteName }: { siteName: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
      <SheetTrigger asChild>
        <MobileMenuButton />
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
  );
}
