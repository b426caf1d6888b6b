/**
 * The header's menu on narrow screens (docs/rules/site.md#header-and-footer): a sheet from the
 * right, opened and closed by the browser (a popover), so it works without scripts (docs/decisions/042).
 */
import { NavLink } from "react-router";
import { cn } from "~/lib/cn";
import { MobileMenuButton } from "./mobile-menu-button";
import { MAIN_NAV, navClass } from "./navigation";
import { closeEnclosingPopover, PopoverCloseButton, PopoverPanel } from "./popover-panel";
import { MobileSessionActions } from "./session-controls";

const MOBILE_MENU_ID = "mobile-menu";

/** Where React navigates without a page load, the sheet closes itself after a link. */
function closeAfterNavigation(event: React.MouseEvent<HTMLElement>) {
  if ((event.target as Element).closest("a")) closeEnclosingPopover(event.currentTarget);
}

export function MobileMenu({ siteName }: { siteName: string }) {
  return (
    <>
      <MobileMenuButton popoverTarget={MOBILE_MENU_ID} />
      <PopoverPanel
        id={MOBILE_MENU_ID}
        role="dialog"
        aria-labelledby={`${MOBILE_MENU_ID}-title`}
        className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[85vw] max-w-sm overflow-y-auto border-l bg-background p-0 text-foreground shadow-lg backdrop:bg-black/50 md:hidden"
        onClick={closeAfterNavigation}
      >
        <div className="flex items-center justify-between p-4">
          <h2 id={`${MOBILE_MENU_ID}-title`} className="font-semibold">
            Meny
          </h2>
          <p className="sr-only">Navigera på {siteName}</p>
          <PopoverCloseButton target={MOBILE_MENU_ID} autoFocus />
        </div>
        <nav aria-label="Mobilmeny" className="flex flex-col gap-1 px-4">
          {MAIN_NAV.map((item) => (
            <NavLink key={item.to} to={item.to} className={({ isActive }) => cn(navClass({ isActive }), "px-3 py-3 text-base")}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="mt-4 grid gap-2 border-t px-4 pt-4">
          <MobileSessionActions />
        </div>
      </PopoverPanel>
    </>
  );
}
