/**
 * The member's own details on /profile: read-only, or as the edit form (also the "complete your
 * profile" step after sign-up, docs/rules/accounts.md#profiles), checked in the browser with the
 * server's schema before it is sent.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { fieldErrors as zodFieldErrors, type FieldErrors } from "~/lib/validation";
import { formatPhoneNumber } from "~/modules/accounts/contact-details";
import { profileUpdateSchema } from "~/modules/accounts/profile-schema";

/** What the profile page's actions answer. */
export type ProfileActionResult =
  | { ok: true; intent: string; emailPending?: string | null }
  | { ok: false; message: string; fieldErrors?: FieldErrors };
type ActionResult = ProfileActionResult;

/** The profile fields the card shows and edits. */
interface EditableProfile {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  steamTradeLink: string;
  email: string | null;
  emailIsPlaceholder: boolean;
}
type LoadedProfile = EditableProfile;

const SAVED_TITLE = "Profil uppdaterad!";
const SAVED_TEXT = "Dina uppgifter har sparats.";
const FAILED_TEXT = "Kunde inte uppdatera profil. Försök igen.";

export function ProfileDetails({ profile }: { profile: LoadedProfile }) {
  const rows: Array<[string, string]> = [
    ["Förnamn", profile.firstName || "–"],
    ["Efternamn", profile.lastName || "–"],
    ["Telefonnummer", profile.phoneNumber ? formatPhoneNumber(profile.phoneNumber) : "–"],
    ["Trade-länk", profile.steamTradeLink || "Inte angiven"],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Dina uppgifter</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="mt-0.5 break-words font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/** A text input in the one form field (label, hint and error wired the same everywhere). */
function TextField(props: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  hint?: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  placeholder?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
}) {
  const id = useId();
  return (
    <FormField id={id} name={props.name} label={props.label} required={props.required} error={props.error} hint={props.hint}>
      {(control) => (
        <Input
          {...control}
          type={props.type ?? "text"}
          defaultValue={props.defaultValue}
          autoComplete={props.autoComplete}
          placeholder={props.placeholder}
          inputMode={props.inputMode}
        />
      )}
    </FormField>
  );
}

export function EditProfileForm({
  profile,
  completing,
  onClose,
}: {
  profile: LoadedProfile;
  completing: boolean;
  onClose: () => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  const navigate = useNavigate();
  const [clientErrors, setErrors] = useState<FieldErrors>({});
  const serverErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  const errors: FieldErrors = { ...serverErrors, ...clientErrors };
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (completing) headingRef.current?.focus();
  }, [completing]);

  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toast.success(SAVED_TITLE, { description: SAVED_TEXT });
      if (result.emailPending) {
        toast.info("Bekräfta din nya e-postadress", {
          description: `Vi har skickat en länk till ${result.emailPending}. Adressen byts när du har klickat på den.`,
        });
      }
      onClose();
      if (completing) void navigate("/profile", { replace: true });
    } else {
      toast.error("Fel", { description: result.fieldErrors?.first_name ?? result.message ?? FAILED_TEXT });
    }
  });

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = profileUpdateSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      const found = zodFieldErrors(parsed.error);
      setErrors(found);
      toast.error("Fel", { description: found.first_name ?? Object.values(found)[0] });
      const firstInvalid = formRef.current?.querySelector<HTMLInputElement>(`[name="${Object.keys(found)[0]}"]`);
      firstInvalid?.focus();
      return;
    }
    setErrors({});
    form.set("intent", "profile");
    void fetcher.submit(form, { method: "post" });
  }

  return (
    <Card id="redigera-profil" role="region" aria-labelledby="redigera-rubrik">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="redigera-rubrik" ref={headingRef} tabIndex={-1} className="outline-none">
            {completing ? "Slutför din profil" : "Redigera profil"}
          </h2>
        </CardTitle>
        <CardDescription>
          {completing
            ? "Välkommen! Berätta vad du heter så vet vi vem vi handlar med. Telefon och trade-länk kan du lägga till nu eller senare."
            : "Fält märkta med * är obligatoriska. Övriga uppgifter kan du lämna tomma."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form ref={formRef} method="post" noValidate onSubmit={submit} className="grid gap-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              name="first_name"
              label="Förnamn"
              required
              defaultValue={profile.firstName}
              autoComplete="given-name"
              error={errors.first_name}
            />
            <TextField
              name="last_name"
              label="Efternamn"
              defaultValue={profile.lastName}
              autoComplete="family-name"
              error={errors.last_name}
            />
            <TextField
              name="phone_number"
              label="Telefonnummer"
              type="tel"
              inputMode="tel"
              defaultValue={profile.phoneNumber ? formatPhoneNumber(profile.phoneNumber) : ""}
              autoComplete="tel"
              placeholder="070-123 45 67"
              error={errors.phone_number}
            />
            <TextField
              name="email"
              label="E-postadress"
              type="email"
              defaultValue={profile.email ?? ""}
              autoComplete="email"
              placeholder={profile.emailIsPlaceholder ? "namn@exempel.se" : undefined}
              hint="Ändrar du adressen skickar vi en bekräftelselänk till den nya."
              error={errors.email}
            />
          </div>
          <TextField
            name="steam_trade_link"
            label="Steam trade-länk"
            type="url"
            defaultValue={profile.steamTradeLink}
            placeholder="https://steamcommunity.com/tradeoffer/new/?partner=…&token=…"
            hint="Du hittar länken i Steam under Inventarie → Bytesförslag → Vem kan skicka bytesförslag till mig?"
            error={errors.steam_trade_link}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              Avbryt
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Sparar..." : "Spara ändringar"}
            </Button>
          </div>
          <p className="sr-only" aria-live="polite">
            {busy ? "Sparar dina uppgifter" : ""}
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
