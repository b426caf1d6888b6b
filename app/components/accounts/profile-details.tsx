/**
 * The member's own details on /profile: read-only, or as the edit form (also the "complete your
 * profile" step after sign-up, docs/rules/accounts.md#profiles), checked in the browser with the
 * server's schema before it is sent, and a plain POST without JavaScript (decision 033).
 */
import { useEffect, useId, useRef } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import type { FieldErrors } from "~/lib/form-errors";
import { useActionForm, type OutcomeToast } from "~/lib/use-action-form";
import { formatPhoneNumber } from "~/modules/accounts/contact-details";
import { profileUpdateSchema } from "~/modules/accounts/profile-schema";

/** What the profile page's actions answer. */
export type ProfileActionResult =
  | { ok: true; intent: string; emailPending?: string | null }
  | { ok: false; intent?: string; message: string; fieldErrors?: FieldErrors };

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

/** The search param that opens the edit form on a page without JavaScript (`/profile?redigera=1`). */
export const EDIT_PARAM = "redigera";

const SAVED_TITLE = "Profil uppdaterad!";
const SAVED_TEXT = "Dina uppgifter har sparats.";
const FAILED_TEXT = "Kunde inte uppdatera profil. Försök igen.";

function ProfileDetails({ profile, notice }: { profile: LoadedProfile; notice: React.ReactNode }) {
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
      <CardContent className="grid gap-4">
        {notice}
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

/** The toast for the profile form's answer: one per answer, the e-mail change included. */
function profileToast(result: ProfileActionResult): OutcomeToast {
  if (!result.ok) return { tone: "error", title: "Fel", description: result.fieldErrors?.first_name ?? result.message ?? FAILED_TEXT };
  return { tone: "success", title: SAVED_TITLE, description: savedText(result.emailPending) };
}

function savedText(emailPending: string | null | undefined) {
  return emailPending
    ? `${SAVED_TEXT} Bekräfta din nya e-postadress: vi har skickat en länk till ${emailPending}. Adressen byts när du har klickat på den.`
    : SAVED_TEXT;
}

/**
 * "Dina uppgifter" on /profile: the details, or the edit form posting `intent=profile` to the
 * page's action (decision 033). The hook lives here, above both views: a saved answer closes the
 * form, and without JavaScript the page the action returns shows the saved details with the outcome.
 */
export function ProfileDetailsSection({
  profile,
  completing,
  editing,
  onClose,
}: {
  profile: LoadedProfile;
  completing: boolean;
  editing: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const form = useActionForm<ProfileActionResult>({
    intent: "profile",
    schema: profileUpdateSchema,
    toast: profileToast,
    onOutcome: (result) => {
      if (!result.ok) return;
      onClose();
      if (completing) void navigate("/profile", { replace: true });
    },
  });
  if (editing) return <EditProfileForm profile={profile} completing={completing} onClose={onClose} form={form} />;
  const saved = form.fromPlainPost && form.outcome?.ok ? form.outcome : null;
  return (
    <ProfileDetails
      profile={profile}
      notice={saved ? <FormAlert tone="success" title={SAVED_TITLE}>{savedText(saved.emailPending)}</FormAlert> : null}
    />
  );
}

function EditProfileForm({
  profile,
  completing,
  onClose,
  form,
}: {
  profile: LoadedProfile;
  completing: boolean;
  onClose: () => void;
  form: ReturnType<typeof useActionForm<ProfileActionResult>>;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const busy = form.busy;
  const errors: FieldErrors = form.fieldErrors;
  const failure = form.outcome && !form.outcome.ok && !form.outcome.fieldErrors ? form.outcome.message : null;

  useEffect(() => {
    if (completing) headingRef.current?.focus();
  }, [completing]);

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
        <form.Form method="post" noValidate onSubmit={form.onSubmit} className="grid gap-5">
          <input type="hidden" name="intent" value="profile" />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              name="first_name"
              label="Förnamn"
              required
              defaultValue={form.typed("first_name") ?? profile.firstName}
              autoComplete="given-name"
              error={errors.first_name}
            />
            <TextField
              name="last_name"
              label="Efternamn"
              defaultValue={form.typed("last_name") ?? profile.lastName}
              autoComplete="family-name"
              error={errors.last_name}
            />
            <TextField
              name="phone_number"
              label="Telefonnummer"
              type="tel"
              inputMode="tel"
              defaultValue={form.typed("phone_number") ?? (profile.phoneNumber ? formatPhoneNumber(profile.phoneNumber) : "")}
              autoComplete="tel"
              placeholder="070-123 45 67"
              error={errors.phone_number}
            />
            <TextField
              name="email"
              label="E-postadress"
              type="email"
              defaultValue={form.typed("email") ?? profile.email ?? ""}
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
            defaultValue={form.typed("steam_trade_link") ?? profile.steamTradeLink}
            placeholder="https://steamcommunity.com/tradeoffer/new/?partner=…&token=…"
            hint="Du hittar länken i Steam under Inventarie → Bytesförslag → Vem kan skicka bytesförslag till mig?"
            error={errors.steam_trade_link}
          />
          {failure ? <FormAlert>{failure}</FormAlert> : null}
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
        </form.Form>
      </CardContent>
    </Card>
  );
}
