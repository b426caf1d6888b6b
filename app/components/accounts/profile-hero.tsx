/**
 * The head of /profile: avatar, level, name and address, Steam link, the edit and perks
 * buttons, the XP bar, and the notes about a missing e-mail address and a contact person.
 */
import { Link } from "react-router";
import { Info, Mail, Pencil, ShieldCheck, Sparkles, UserRound } from "~/components/ui/icons";
import { LevelBadge } from "~/components/loyalty/level-badge";
import { LevelProgressPanel } from "~/components/loyalty/loyalty-overview";
import { EDIT_PARAM } from "~/components/accounts/profile-details";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { LevelProgress } from "~/modules/loyalty/levels";

export function ProfileHero({
  profile,
  contactPerson,
  xp,
  xpHighlighted,
  progress,
  editing,
  onEdit,
}: {
  profile: { name: string | null; email: string | null; emailIsPlaceholder: boolean; avatarUrl: string | null; steamLinked: boolean };
  contactPerson: { name: string; email: string } | null;
  xp: number;
  xpHighlighted: boolean;
  progress: LevelProgress;
  editing: boolean;
  onEdit: () => void;
}) {
  const initial = (profile.name ?? profile.email ?? "?").trim().charAt(0).toUpperCase() || "?";
  return (
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
          {/* Without JavaScript this asks the page for its edit form (`?redigera=1`); with it the form opens in place. */}
          <form
            method="get"
            action="/profile#redigera-profil"
            className="contents"
            onSubmit={(event) => {
              event.preventDefault();
              onEdit();
            }}
          >
            <input type="hidden" name={EDIT_PARAM} value="1" />
            <Button type="submit" disabled={editing}>
              <Pencil aria-hidden="true" />
              Redigera Profil
            </Button>
          </form>
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
  );
}
