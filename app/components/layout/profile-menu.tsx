/** The header's 'Profil' menu for a signed-in member (docs/rules/site.md#header-and-footer): a popover, no script needed. */
import { Link } from "react-router";
import { Banknote, HandCoins, LayoutDashboard, User } from "~/components/ui/icons";
import type { SessionUser } from "~/lib/site-config";
import { closeEnclosingPopover, MENU_ITEM_CLASS, MENU_PANEL_CLASS, PopoverPanel } from "./popover-panel";
import { ProfileMenuButton } from "./profile-menu-button";

const PROFILE_MENU_ID = "profile-menu-panel";

export function ProfileMenu({ user, signOutForm }: { user: SessionUser; signOutForm: React.ReactNode }) {
  const name = user.firstName?.trim() || user.displayName?.trim() || user.name;
  const close = (event: React.MouseEvent<HTMLElement>) => closeEnclosingPopover(event.currentTarget);
  return (
    <>
      <ProfileMenuButton popoverTarget={PROFILE_MENU_ID} />
      <PopoverPanel id={PROFILE_MENU_ID} className={MENU_PANEL_CLASS} aria-label="Profil">
        <div className="grid px-2 py-1.5 text-sm">
          <span className="truncate font-semibold">{name}</span>
          <span className="truncate text-xs text-muted-foreground">{user.email}</span>
        </div>
        <hr className="-mx-1 my-1" />
        <Link to="/profile" className={MENU_ITEM_CLASS} onClick={close}>
          <User aria-hidden="true" />
          Min profil
        </Link>
        <Link to="/salja" className={MENU_ITEM_CLASS} onClick={close}>
          <Banknote aria-hidden="true" />
          Sälj nu
        </Link>
        <Link to="/mina-affarer" className={MENU_ITEM_CLASS} onClick={close}>
          <HandCoins aria-hidden="true" />
          Mina affärer
        </Link>
        {user.isStaff ? (
          <Link to="/admin" className={MENU_ITEM_CLASS} onClick={close}>
            <LayoutDashboard aria-hidden="true" />
            Adminpanel
          </Link>
        ) : null}
        {signOutForm}
      </PopoverPanel>
    </>
  );
}
