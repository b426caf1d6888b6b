/**
 * The theme menu (docs/rules/site.md#header-and-footer): a popover with a plain form posting to
 * /api/theme, which sets the `theme` cookie the server renders from, so it works without scripts
 * (docs/decisions/042). Where React runs, the choice applies at once and nothing posts.
 */
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { Check, Monitor, Moon, Sun } from "~/components/ui/icons";
import { FORM_ACTIONS } from "~/enhance/enhance-ids";
import { cn } from "~/lib/cn";
import { RETURN_TO_FIELD } from "~/lib/preference-forms";
import { usePreferences } from "~/lib/site-config";
import { applyTheme, isTheme, readStoredTheme, storeTheme, type Theme } from "~/lib/theme";
import { closeEnclosingPopover, MENU_ITEM_CLASS, MENU_PANEL_CLASS, PopoverPanel } from "./popover-panel";
import { ThemeSwitchButton } from "./theme-switch-button";

const OPTIONS: Array<{ value: Theme; label: string; Icon: typeof Sun }> = [
  { value: "light", label: "Ljust", Icon: Sun },
  { value: "dark", label: "Mörkt", Icon: Moon },
  { value: "system", label: "System", Icon: Monitor },
];

const THEME_MENU_ID = "theme-menu";

export function ThemeSwitch() {
  const { theme: savedTheme } = usePreferences();
  const [theme, setTheme] = useState<Theme>(savedTheme);
  const location = useLocation();

  // Follow the operating system while "system" is the stored choice.
  useEffect(() => {
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => {
      if (readStoredTheme() === "system") applyTheme("system");
    };
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, []);

  return (
    <>
      <ThemeSwitchButton popoverTarget={THEME_MENU_ID} />
      <PopoverPanel id={THEME_MENU_ID} className={MENU_PANEL_CLASS} aria-label="Tema">
        <form
          method="post"
          action={FORM_ACTIONS.theme}
          className="grid"
          onSubmit={(event) => {
            const value = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value;
            if (!isTheme(value)) return;
            event.preventDefault();
            setTheme(value);
            storeTheme(value);
            closeEnclosingPopover(event.currentTarget);
          }}
        >
          <input type="hidden" name={RETURN_TO_FIELD} value={`${location.pathname}${location.search}`} />
          {OPTIONS.map(({ value, label, Icon }) => (
            <button
              key={value}
              type="submit"
              name="theme"
              value={value}
              aria-pressed={theme === value}
              className={cn(MENU_ITEM_CLASS, "group")}
            >
              <Icon aria-hidden="true" />
              <span className="flex-1">{label}</span>
              {/* Follows aria-pressed, which the enhancement module also sets. */}
              <Check aria-hidden="true" className="invisible group-aria-pressed:visible" />
            </button>
          ))}
        </form>
      </PopoverPanel>
    </>
  );
}
