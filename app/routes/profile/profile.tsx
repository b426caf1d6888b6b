import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { ArrowLeft, Info, LogOut, Mail, MonitorSmartphone, Pencil, ShieldCheck, Sparkles, UserRound } from "~/components/ui/icons";
import { toast } from "sonner";
import type { Route } from "./+types/profile";
import { handleProfileAction, loadProfilePage } from "~/modules/accounts/profile-page.server";
import { LevelBadge } from "~/components/loyalty/level-badge";
import { LoyaltyHistory } from "~/components/loyalty/loyalty-history";
import { GiveawaysCard } from "~/components/loyalty/giveaways-card";
import { ReferralSection } from "~/components/referrals/referral-section";
import { PayoutDetailsCard } from "~/components/selling/payout-details-card";
import { SellerChecklistCard } from "~/components/selling/seller-checklist-card";
import { LevelProgressPanel, PerksCard, PointsCard, StatisticsCard } from "~/components/loyalty/loyalty-overview";
import { useLivePoints, useLiveXp } from "~/components/realtime/use-live-number";
import { useRevalidateOnMemberEvents } from "~/components/realtime/use-revalidate-on-member-events";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { FormField } from "~/components/ui/form-field";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { pageMeta } from "~/lib/seo";
import { fieldErrors as zodFieldErrors, type FieldErrors } from "~/lib/validation";
import { formatPhoneNumber } from "~/modules/accounts/contact-details";
import { profileUpdateSchema } from "~/modules/accounts/profile-schema";
import { levelById, levelProgress } from "~/modules/loyalty/levels";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Min profil",
    description: "Din VIP-nivå, dina poäng och din historik, kontouppgifter, nyhetsbrev och inloggade enheter hos Skinhamnen.",
    path: "/profile",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  return loadProfilePage(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handleProfileAction(request);
}

type ActionResult =
  | { ok: true; intent: string; emailPending?: string | null }
  | { ok: false; message: string; fieldErrors?: FieldErrors };

const SAVED_TITLE = "Profil uppdaterad!";
const SAVED_TEXT = "Dina uppgifter har sparats.";
const FAILED_TEXT = "Kunde inte uppdatera profil. Försök igen.";

const dateFormat = new Intl.DateTimeFormat("sv-SE", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Stockholm" });

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { profile, newsletter, sessions, completing, loyalty, view, contactPerson, giveaways, referral, payoutDetails, passwordSet, selling } =
    loaderData;
  const [editing, setEditing] = useState(completing);
  const initial = (profile.name ?? profile.email ?? "?").trim().charAt(0).toUpperCase() || "?";
  // Live: XP highlights for a second on a change (docs/rules/loyalty.md#profile); level and bar follow it.
  const { xp, highlighted: xpHighlighted } = useLiveXp(loyalty.xp);
  const { points, highlighted: pointsHighlighted } = useLivePoints(loyalty.points);
  const progress = levelProgress(xp);
  // Histories, statistics and perks follow the member's trades and orders without a reload.
  useRevalidateOnMemberEvents(["points", "xp", "account"]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <Button asChild variant="ghost" size="sm" className="-ml-3 mb-6">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          Tillbaka till startsidan
        </Link>
      </Button>

      <section aria-labelledby="profil-namn" className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
          <div
            className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-primary to-orange-700 text-3xl font-black text-primary-foreground"
            aria-hidden="true"
          >
            {profile.avatarUrl ? (
              <img src={profile.avatarUrl} alt="" className="size-full object-cover" referrerPolicy="no-referrer" />
            ) : (
              initial
            )}
          </div>
          <div className="min-w-0 flex-1">
            <LevelBadge level={progress.level} className="mb-2" />
            <h1 id="profil-namn" className="truncate text-2xl font-bold tracking-tight sm:text-3xl">
              {profile.name ?? "Din profil"}
            </h1>
            <p className="mt-1 flex items-center gap-2 text-muted-foreground">
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              <span className="truncate">{profile.email ?? "Ingen e-postadress angiven"}</span>
            </p>
            {profile.steamLinked ? (
              <Badge variant="secondary" className="mt-3">
                <ShieldCheck aria-hidden="true" />
                Steam-konto kopplat
              </Badge>
            ) : (
              // A document navigation: the route answers with a redirect to Steam (docs/rules/selling.md#linking-steam).
              <Button asChild variant="outline" size="sm" className="mt-3">
                <a href="/auth/steam/koppla" data-testid="link-steam">
                  Koppla Steam
                </a>
              </Button>
            )}
          </div>
          <div className="flex flex-col gap-2 sm:items-end">
            <Button onClick={() => setEditing(true)} disabled={editing}>
              <Pencil aria-hidden="true" />
              Redigera Profil
            </Button>
            <Button asChild variant="outline">
              <Link to="/xp-system">
                <Sparkles aria-hidden="true" />
                Visa fördelar
              </Link>
            </Button>
          </div>
        </div>
        <div className="mt-6 border-t pt-6">
          <LevelProgressPanel xp={xp} highlighted={xpHighlighted} progress={progress} />
        </div>
        {profile.emailIsPlaceholder ? (
          <div className="mt-6 flex gap-3 rounded-lg border border-primary/40 bg-primary/10 p-4 text-sm" role="note">
            <Info className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <p>
              <strong className="font-semibold">Lägg till din e-postadress.</strong> Steam ger oss ingen
              e-postadress, så vi kan inte nå dig om dina affärer eller utbetalningar. Ange en riktig adress
              under Redigera Profil – vi skickar en bekräftelselänk dit.
            </p>
          </div>
        ) : null}
        {contactPerson ? (
          <div className="mt-6 flex gap-3 rounded-lg border bg-muted/40 p-4 text-sm" data-testid="contact-person">
            <UserRound className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <p>
              <strong className="font-semibold">Din personliga kontaktperson:</strong> {contactPerson.name},{" "}
              <a href={`mailto:${contactPerson.email}`} className="break-all text-primary underline-offset-4 hover:underline">
                {contactPerson.email}
              </a>
            </p>
          </div>
        ) : null}
      </section>

      <div className="mt-8 grid gap-6 md:grid-cols-3">
        <PointsCard points={points} highlighted={pointsHighlighted} multiplier={loyalty.pointsMultiplier} />
        <StatisticsCard statistics={loyalty.statistics} />
        <PerksCard
          perks={loyalty.perks}
          effectiveLevel={levelById(loyalty.effectiveLevelId)}
          xpLevel={progress.level}
        />
      </div>

      <div className="mt-8 grid gap-8">
        {referral ? <ReferralSection referral={referral} /> : null}
        <GiveawaysCard giveaways={giveaways} />
        <LoyaltyHistory loyalty={loyalty} view={view} />
        {editing ? (
          <EditProfileForm profile={profile} completing={completing} onClose={() => setEditing(false)} />
        ) : (
          <ProfileDetails profile={profile} />
        )}
        <SellerChecklistCard checklist={selling} notice={loaderData.steamLink} />
        <PayoutDetailsCard key={payoutDetails?.usableAt ?? "none"} summary={payoutDetails} passwordSet={passwordSet} />
        <NewsletterCard settings={newsletter} hasPhone={Boolean(profile.phoneNumber)} />
        <SessionsCard sessions={sessions} />
      </div>
    </div>
  );
}

type LoadedProfile = Route.ComponentProps["loaderData"]["profile"];

function ProfileDetails({ profile }: { profile: LoadedProfile }) {
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

function EditProfileForm({
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
  const handled = useRef<ActionResult | undefined>(undefined);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (completing) headingRef.current?.focus();
  }, [completing]);

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
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
  }, [fetcher.state, fetcher.data, onClose, completing, navigate]);

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

function NewsletterCard({
  settings,
  hasPhone,
}: {
  settings: { email_subscribed: boolean; phone_subscribed: boolean };
  hasPhone: boolean;
}) {
  const fetcher = useFetcher<ActionResult>();
  const pending = fetcher.formData;
  const emailOn = pending ? pending.get("email_subscribed") === "true" : settings.email_subscribed;
  const smsOn = hasPhone && (pending ? pending.get("phone_subscribed") === "true" : settings.phone_subscribed);

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result) return;
    if (result.ok) toast.success("Inställningarna har sparats.");
    else toast.error("Fel", { description: result.message });
  }, [fetcher.state, fetcher.data]);

  function save(next: { email_subscribed: boolean; phone_subscribed: boolean }) {
    void fetcher.submit(
      { intent: "newsletter", email_subscribed: String(next.email_subscribed), phone_subscribed: String(next.phone_subscribed) },
      { method: "post" },
    );
  }

  return (
    <Card role="region" aria-labelledby="nyhetsbrev-rubrik">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="nyhetsbrev-rubrik">Dina nyhetsbrev</h2>
        </CardTitle>
        <CardDescription>Välj hur du vill få erbjudanden, kampanjer och nyheter från oss.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center justify-between gap-4 rounded-lg border p-4">
          <div>
            <Label htmlFor="nyhetsbrev-epost">Nyhetsbrev via e-post</Label>
            <p id="nyhetsbrev-epost-tips" className="mt-1 text-sm text-muted-foreground">
              Kampanjer och marknadsnyheter, högst ett par gånger i månaden.
            </p>
          </div>
          <Switch
            id="nyhetsbrev-epost"
            aria-describedby="nyhetsbrev-epost-tips"
            checked={emailOn}
            onCheckedChange={(checked) => save({ email_subscribed: checked, phone_subscribed: smsOn })}
          />
        </div>
        <div className="flex items-center justify-between gap-4 rounded-lg border p-4">
          <div>
            <Label htmlFor="nyhetsbrev-sms">Erbjudanden via SMS</Label>
            <p id="nyhetsbrev-sms-tips" className="mt-1 text-sm text-muted-foreground">
              {hasPhone
                ? "Korta utskick om tidsbegränsade erbjudanden."
                : "Lägg till ett telefonnummer i din profil för att kunna få SMS."}
            </p>
          </div>
          <Switch
            id="nyhetsbrev-sms"
            aria-describedby="nyhetsbrev-sms-tips"
            checked={smsOn}
            disabled={!hasPhone}
            onCheckedChange={(checked) => save({ email_subscribed: emailOn, phone_subscribed: checked })}
          />
        </div>
      </CardContent>
    </Card>
  );
}

function SessionsCard({
  sessions,
}: {
  sessions: Array<{ id: string; device: string; ipAddress: string | null; lastActive: string; current: boolean }>;
}) {
  const fetcher = useFetcher<ActionResult>();
  const others = sessions.filter((session) => !session.current).length;
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result) return;
    if (result.ok) toast.success("Utloggad från andra enheter", { description: "Bara den här enheten är nu inloggad." });
    else toast.error("Fel", { description: result.message });
  }, [fetcher.state, fetcher.data]);

  return (
    <Card role="region" aria-labelledby="enheter-rubrik">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="enheter-rubrik">Inloggade enheter</h2>
        </CardTitle>
        <CardDescription>Känner du inte igen en enhet? Logga ut den och byt lösenord.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-3">
          {sessions.map((session) => (
            <li key={session.id} className="flex items-start gap-3 rounded-lg border p-4">
              <MonitorSmartphone className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {session.device}
                  {session.current ? <Badge>Den här enheten</Badge> : null}
                </p>
                <p className="mt-1 text-sm text-muted-foreground">
                  {session.ipAddress ? `IP ${session.ipAddress} · ` : ""}
                  Senast aktiv <time dateTime={session.lastActive}>{dateFormat.format(new Date(session.lastActive))}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
        <fetcher.Form method="post" className="flex justify-end">
          <input type="hidden" name="intent" value="revoke-others" />
          <Button type="submit" variant="outline" disabled={busy || others === 0}>
            <LogOut aria-hidden="true" />
            Logga ut från andra enheter
          </Button>
        </fetcher.Form>
        <p className="sr-only" aria-live="polite">
          {busy ? "Loggar ut andra enheter" : ""}
        </p>
      </CardContent>
    </Card>
  );
}
