import { useId } from "react";
import { Button } from "~/components/ui/button";
import { CheckboxSwitch } from "~/components/ui/switch";
import { PopoverCloseButton, PopoverPanel } from "~/components/layout/popover-panel";
import { COOKIE_CATEGORIES, COOKIE_SETTINGS_ID, type CookieCategory } from "~/modules/consent/consent-constants";
import { COOKIE_CATEGORY_DETAILS, ONLY_NECESSARY, type ConsentChoice } from "~/modules/consent/consent";
import { ConsentForm } from "./consent-form";

interface CookieSettingsDialogProps {
  /** The saved choice the form starts from; null before the first choice. */
  current: ConsentChoice | null;
  /** Where scripts run: the choice, instead of the form's post. */
  onSave: (choice: ConsentChoice) => void;
}

const TITLE_ID = "cookie-settings-title";

/**
 * The settings (docs/rules/privacy.md#cookie-consent): necessary always on, the other three
 * switchable. A popover every "Cookie-inställningar" button opens with `popovertarget`, holding
 * a plain form, so it works on pages without scripts.
 */
export function CookieSettingsDialog({ current, onSave }: CookieSettingsDialogProps) {
  const initial = current ?? ONLY_NECESSARY;
  return (
    <PopoverPanel
      id={COOKIE_SETTINGS_ID}
      role="dialog"
      aria-labelledby={TITLE_ID}
      data-testid="cookie-settings"
      className="fixed inset-0 z-50 m-auto h-fit max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] overflow-y-auto rounded-lg border bg-popover p-4 text-popover-foreground shadow-lg backdrop:bg-black/50 sm:max-w-xl sm:p-6"
    >
      <div className="grid gap-2 pr-8">
        <h2 id={TITLE_ID} className="text-lg font-semibold leading-none">
          Cookie-inställningar
        </h2>
        <p className="text-sm text-muted-foreground">
          Välj vilka cookies vi får använda. Nödvändiga cookies är alltid på eftersom sidan inte
          fungerar utan dem. Du kan ändra dig när som helst.
        </p>
      </div>
      <PopoverCloseButton target={COOKIE_SETTINGS_ID} className="absolute top-3 right-3" autoFocus />
      {/* Keyed by the saved choice, so the form always starts from it. */}
      <ConsentForm key={JSON.stringify(initial)} onChoose={onSave} className="mt-4 grid gap-4">
        <ul className="grid gap-2 sm:gap-3">
          {COOKIE_CATEGORIES.map((category) => (
            <CategoryRow key={category} category={category} defaultChecked={initial[category]} />
          ))}
        </ul>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <div className="grid gap-2 sm:flex">
            <Button type="submit" name="choice" value="necessary" variant="outline">
              Endast nödvändiga
            </Button>
            <Button type="submit" name="choice" value="all" variant="outline">
              Acceptera alla
            </Button>
          </div>
          <Button type="submit" name="choice" value="custom">
            Spara val
          </Button>
        </div>
      </ConsentForm>
    </PopoverPanel>
  );
}

function CategoryRow({ category, defaultChecked }: { category: CookieCategory; defaultChecked: boolean }) {
  const id = useId();
  const details = COOKIE_CATEGORY_DETAILS[category];
  const alwaysOn = category === "necessary";
  return (
    <li className="flex items-start justify-between gap-3 rounded-lg border bg-card p-3 sm:gap-4 sm:p-4">
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-switch`} className="flex items-center gap-2 text-base font-semibold leading-none">
          {details.label}
          {alwaysOn && (
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
              Alltid på
            </span>
          )}
        </label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {details.description}
        </p>
        <p className="text-xs text-muted-foreground">Lagringstid: {details.lifetime}</p>
      </div>
      <CheckboxSwitch
        id={`${id}-switch`}
        data-category={category}
        name={alwaysOn ? undefined : category}
        defaultChecked={defaultChecked}
        disabled={alwaysOn}
        aria-describedby={`${id}-description`}
        className="mt-0.5"
      />
    </li>
  );
}
