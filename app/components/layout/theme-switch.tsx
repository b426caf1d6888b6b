import { useEffect, useState } from "react";
import { Monitor, Moon, Sun } from "~/components/ui/icons";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { applyTheme, isTheme, readStoredTheme, storeTheme, type Theme } from "~/lib/theme";
import { ThemeSwitchButton } from "./theme-switch-button";

const OPTIONS: Array<{ value: Theme; label: string; Icon: typeof Sun }> = [
  { value: "light", label: "Ljust", Icon: Sun },
  { value: "dark", label: "Mörkt", Icon: Moon },
  { value: "system", label: "System", Icon: Monitor },
];

export function ThemeSwitch() {
  const [theme, setTheme] = useState<Theme>("system");

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
    // The stored choice is read when the menu opens: the server cannot know it.
    <DropdownMenu onOpenChange={(open) => open && setTheme(readStoredTheme())}>
      <DropdownMenuTrigger asChild>
        <ThemeSwitchButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuRadioGroup
          value={theme}
          onValueChange={(value) => {
            if (!isTheme(value)) return;
            setTheme(value);
            storeTheme(value);
          }}
        >
          {OPTIONS.map(({ value, label, Icon }) => (
            <DropdownMenuRadioItem key={value} value={value}>
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
