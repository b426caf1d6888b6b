/** The header's 'Profil' menu for a signed-in member (docs/rules/site.md#header-and-footer). */
import { Link } from "react-router";
import { Banknote, HandCoins, LayoutDashboard, LogOut, User } from "~/components/ui/icons";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import type { SessionUser } from "~/lib/site-config";
import { ProfileMenuButton } from "./profile-menu-button";

export function ProfileMenu({ user, signOut }: { user: SessionUser; signOut: () => void }) {
  const name = user.firstName?.trim() || user.displayName?.trim() || user.name;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <ProfileMenuButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="grid font-normal">
          <span className="truncate font-semibold">{name}</span>
          <span className="truncate text-xs text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <User className="size-4" aria-hidden="true" />
            Min profil
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/salja">
            <Banknote className="size-4" aria-hidden="true" />
            Sälj nu
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/mina-affarer">
            <HandCoins className="size-4" aria-hidden="true" />
            Mina affärer
          </Link>
        </DropdownMenuItem>
        {user.isStaff ? (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <LayoutDashboard className="size-4" aria-hidden="true" />
              Adminpanel
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={signOut}>
          <LogOut className="size-4" aria-hidden="true" />
          Logga ut
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

