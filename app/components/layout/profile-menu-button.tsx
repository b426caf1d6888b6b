import { ChevronDown, User } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";

/** The 'Profil' button: the menu's trigger, and what shows while the menu's code loads. */
export function ProfileMenuButton(props: React.ComponentProps<typeof Button>) {
  return (
    <Button variant="outline" size="sm" data-testid="profile-menu" {...props}>
      <User className="size-4" aria-hidden="true" />
      Profil
      <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
    </Button>
  );
}
