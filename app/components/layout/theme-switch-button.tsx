import { Moon, Sun } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";

/** The theme menu's trigger, and what shows while the menu's code loads. */
export function ThemeSwitchButton(props: React.ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" aria-label="Välj tema" data-testid="theme-switch" {...props}>
      <Sun className="size-5 dark:hidden" aria-hidden="true" />
      <Moon className="hidden size-5 dark:block" aria-hidden="true" />
    </Button>
  );
}
