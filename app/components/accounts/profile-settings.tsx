/**
 * The settings cards at the foot of /profile: newsletter by e-mail and SMS (saved as the switch
 * moves, each switch a form's submit button) and the signed-in devices, with signing out every other one.
 */
import { LogOut, MonitorSmartphone } from "~/components/ui/icons";
import type { ProfileActionResult as ActionResult } from "~/components/accounts/profile-details";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { FormAlert } from "~/components/ui/form-alert";
import { Switch } from "~/components/ui/switch";
import { formatMediumDateTime } from "~/lib/format";
import { useActionForm, type OutcomeToast } from "~/lib/use-action-form";

function newsletterToast(result: ActionResult): OutcomeToast {
  return result.ok
    ? { tone: "success", title: "Inställningarna har sparats." }
    : { tone: "error", title: "Fel", description: result.message };
}

const REVOKED = { title: "Utloggad från andra enheter", text: "Bara den här enheten är nu inloggad." };

function revokeToast(result: ActionResult): OutcomeToast {
  return result.ok
    ? { tone: "success", title: REVOKED.title, description: REVOKED.text }
    : { tone: "error", title: "Fel", description: result.message };
}


type NewsletterSettings = { email_subscribed: boolean; phone_subscribed: boolean };

export function NewsletterCard({ settings, hasPhone }: { settings: NewsletterSettings; hasPhone: boolean }) {
  const form = useActionForm<ActionResult>({ intent: "newsletter", toast: newsletterToast });
  const pending = form.fetcher.formData;
  const emailOn = pending ? pending.get("email_subscribed") === "true" : settings.email_subscribed;
  const smsOn = hasPhone && (pending ? pending.get("phone_subscribed") === "true" : settings.phone_subscribed);
  const outcome = form.outcome;

  // Each switch is the submit button of a small form carrying both settings with its own turned
  // over, so a plain POST saves it too; with JavaScript the fetcher posts and the switch moves at once.
  function switchForm(id: string, next: NewsletterSettings, switchProps: React.ComponentProps<typeof Switch>) {
    return (
      <form.Form method="post" onSubmit={form.onSubmit}>
        <input type="hidden" name="intent" value="newsletter" />
        <input type="hidden" name="email_subscribed" value={String(next.email_subscribed)} />
        <input type="hidden" name="phone_subscribed" value={String(next.phone_subscribed)} />
        <Switch id={id} type="submit" aria-describedby={`${id}-tips`} {...switchProps} />
      </form.Form>
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
          {switchForm("nyhetsbrev-epost", { email_subscribed: !emailOn, phone_subscribed: smsOn }, { checked: emailOn })}
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
          {switchForm(
            "nyhetsbrev-sms",
            { email_subscribed: emailOn, phone_subscribed: !smsOn },
            { checked: smsOn, disabled: !hasPhone },
          )}
        </div>
        {outcome && !outcome.ok ? <FormAlert>{outcome.message}</FormAlert> : null}
        {outcome?.ok && form.fromPlainPost ? <FormAlert tone="success" title="Inställningarna har sparats." /> : null}
      </CardContent>
    </Card>
  );
}

export function SessionsCard({
  sessions,
}: {
  sessions: Array<{ id: string; device: string; ipAddress: string | null; lastActive: string; current: boolean }>;
}) {
  const form = useActionForm<ActionResult>({ intent: "revoke-others", toast: revokeToast });
  const others = sessions.filter((session) => !session.current).length;
  const busy = form.busy;
  const outcome = form.outcome;

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
                  Senast aktiv <time dateTime={session.lastActive}>{formatMediumDateTime(session.lastActive)}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
        {outcome && !outcome.ok ? <FormAlert>{outcome.message}</FormAlert> : null}
        {outcome?.ok && form.fromPlainPost ? (
          <FormAlert tone="success" title={REVOKED.title}>
            {REVOKED.text}
          </FormAlert>
        ) : null}
        <form.Form method="post" onSubmit={form.onSubmit} className="flex justify-end">
          <input type="hidden" name="intent" value="revoke-others" />
          <Button type="submit" variant="outline" disabled={busy || others === 0}>
            <LogOut aria-hidden="true" />
            Logga ut från andra enheter
          </Button>
        </form.Form>
        <p className="sr-only" aria-live="polite">
          {busy ? "Loggar ut andra enheter" : ""}
        </p>
      </CardContent>
    </Card>
  );
}
