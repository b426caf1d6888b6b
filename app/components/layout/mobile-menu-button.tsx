import { Menu } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";

/** The mobile menu's trigger, and what shows while the menu's code loads. */
export function MobileMenuButton(props: React.ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" className="md:hidden" aria-label="Öppna menyn" data-testid="mobile-menu-button" {...props}>
      <Menu className="size-6" aria-hidden="true" />
    </Button>
  );
}
