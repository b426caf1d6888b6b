/**
 * The valuation form (docs/rules/selling.md#valuation-before-sign-up) on /salja-skins, /salja and
 * /salja/vardering: a plain GET to /salja/vardering, checked first with the server's own rule
 * when JavaScript runs, and Steam sign-in as the other way to name the inventory.
 */
import { useId, useState, type FormEvent } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Search } from "~/components/ui/icons";
import { parseSteamProfileInput, STEAM_PROFILE_INPUT_MESSAGE } from "~/modules/selling/steam-profile-input";

export function SteamValuationForm({ defaultValue = "", heading }: { defaultValue?: string; heading?: string }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const value = new FormData(event.currentTarget).get("steam");
    if (typeof value === "string" && parseSteamProfileInput(value)) return setError(null);
    event.preventDefault();
    setError(STEAM_PROFILE_INPUT_MESSAGE);
  };
  return (
    <section className="rounded-lg border bg-card p-4 sm:p-6" aria-labelledby={`${id}-rubrik`} data-testid="valuation-form">
      <h2 id={`${id}-rubrik`} className="text-lg font-semibold">
        {heading ?? "Värdera ditt Steam-lager"}
      </h2>
      <Form method="get" action="/salja/vardering" className="mt-3 grid gap-2" onSubmit={onSubmit} noValidate>
        <Label htmlFor={`${id}-steam`}>Länk till din Steam-profil, ditt SteamID64 eller din trade-länk</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={`${id}-steam`}
            name="steam"
            defaultValue={defaultValue}
            required
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
            placeholder="https://steamcommunity.com/id/ditt-namn"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-fel` : `${id}-hjalp`}
            className="min-w-0 flex-1"
          />
          <Button type="submit">
            <Search className="size-4" aria-hidden="true" />
            Värdera
          </Button>
        </div>
        {error ? (
          <p id={`${id}-fel`} className="text-sm text-destructive" role="alert">
            {error}
          </p>
        ) : (
          <p id={`${id}-hjalp`} className="text-sm text-muted-foreground">
            Lagret måste vara offentligt. Inget konto behövs och vi sparar ingenting om dig.
          </p>
        )}
      </Form>
      <p className="mt-3 text-sm">
        Eller{" "}
        <a href="/auth/steam/vardering" className="font-medium text-primary underline underline-offset-4">
          logga in med Steam
        </a>{" "}
        för att visa ditt eget lager – det skapar inget konto.
      </p>
    </section>
  );
}
