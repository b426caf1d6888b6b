import { useId } from "react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { COOKIE_CATEGORIES, type CookieCategory } from "~/modules/consent/consent-constants";
import {
  ACCEPT_ALL,
  COOKIE_CATEGORY_DETAILS,
  ONLY_NECESSARY,
  type ConsentChoice,
  type OptionalCategory,
} from "~/modules/consent/consent";

interface CookieSettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The saved choice the form starts from; null before the first choice. */
  current: ConsentChoice | null;
  onSave: (choice: ConsentChoice) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** The settings dialog (docs/rules/privacy.md#cookie-consent): necessary always on, the other three switchable. */
export function CookieSettingsDialog({
  open,
  onOpenChange,
  current,
  onSave,
  onCloseAutoFocus,
}: CookieSettingsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="p-4 sm:max-w-xl sm:p-6"
        data-testid="cookie-settings"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogHeader className="text-left">
          <DialogTitle>Cookie-inställningar</DialogTitle>
          <DialogDescription>
            Välj vilka cookies vi får använda. Nödvändiga cookies är alltid på eftersom sidan inte
            fungerar utan dem. Du kan ändra dig när som helst.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted on every opening, so the form always starts from the saved choice. */}
        <SettingsForm initial={current ?? ONLY_NECESSARY} onSave={onSave} />
      </DialogContent>
    </Dialog>
  );
}

/** The choice the form's switches hold: a ticked switch posts its category's name (Radix's form input). */
function choiceFromForm(form: HTMLFormElement): ConsentChoice {
  const fields = new FormData(form);
  const on = (category: OptionalCategory) => fields.get(category) === "on";
  return { necessary: true, analytics: on("analytics"), marketing: on("marketing"), functional: on("functional") };
}

/**
 * The choice is kept in this browser only (docs/rules/privacy.md#cookie-consent), so the form
 * never posts: "Spara val" reads the switches from the form's fields.
 */
function SettingsForm({ initial, onSave }: { initial: ConsentChoice; onSave: (choice: ConsentChoice) => void }) {
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(choiceFromForm(event.currentTarget));
      }}
    >
      <ul className="grid gap-2 sm:gap-3">
        {COOKIE_CATEGORIES.map((category) => (
          <CategoryRow key={category} category={category} defaultChecked={initial[category]} />
        ))}
      </ul>
      <DialogFooter className="gap-2 sm:justify-between">
        <div className="grid gap-2 sm:flex">
          <Button type="button" variant="outline" onClick={() => onSave(ONLY_NECESSARY)}>
            Endast nödvändiga
          </Button>
          <Button type="button" variant="outline" onClick={() => onSave(ACCEPT_ALL)}>
            Acceptera alla
          </Button>
        </div>
        <Button type="submit">Spara val</Button>
      </DialogFooter>
    </form>
  );
}

function CategoryRow({ category, defaultChecked }: { category: CookieCategory; defaultChecked: boolean }) {
  const id = useId();
  const details = COOKIE_CATEGORY_DETAILS[category];
  const alwaysOn = category === "necessary";
  return (
    <li className="flex items-start justify-between gap-3 rounded-lg border bg-card p-3 sm:gap-4 sm:p-4">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-switch`} className="text-base font-semibold">
          {details.label}
          {alwaysOn && (
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
              Alltid på
            </span>
          )}
        </Label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {details.description}
        </p>
        <p className="text-xs text-muted-foreground">Lagringstid: {details.lifetime}</p>
      </div>
      <Switch
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
