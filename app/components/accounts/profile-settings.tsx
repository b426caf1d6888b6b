/**
 * The settings cards at the foot of /profile: newsletter by e-mail and SMS (saved as a switch
 * moves, or by the form's button without JavaScript) and the signed-in devices, with signing out
 * every other one.
 */
import { LogOut, MonitorSmartphone } from "~/components/ui/icons";
import type { ProfileActionResult as ActionResult } from "~/components/accounts/profile-details";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { FormAlert } from "~/components/ui/form-alert";
import { CheckboxSwitch } from "~/components/ui/switch";
import { formatMediumDateTime } from "~/lib/format";
import { useActionForm, type OutcomeToast } from "~/lib/use-action-form";
import { useHydrated } from "~/lib/use-hydrated";

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


export function NewsletterCard({
  settings,
  hasPhone,
}: {
  settings: { email_subscribed: boolean; phone_subscribed: boolean };
  hasPhone: boolean;
}) {
  const form = useActionForm<ActionResult>({ intent: "newsletter", toast: newsletterToast });
  const hydrated = useHydrated();
  const pending = form.fetcher.formData;
  const emailOn = pending ? pending.has("email_subscribed") : settings.email_subscribed;
  const smsOn = hasPhone && (pending ? pending.has("phone_subscribed") : settings.phone_subscribed);
  const outcome = form.outcome;

  // With JavaScript a switch saves as it moves; without, the form's button saves both.
  function saveOnChange(event: React.ChangeEvent<HTMLInputElement>) {
    if (event.currentTarget.form) void form.fetcher.submit(event.currentTarget.form);
  }

  return (
    <Card role="region" aria-labelledby="nyhetsbrev-rubrik">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="nyhetsbrev-rubrik">Dina nyhetsbrev</h2>
        </CardTitle>
        <CardDescription>Välj hur du vill få erbjudanden, kampanjer och nyheter från oss.</CardDescription>
      </CardHeader>
      <CardContent>
        <form.Form method="post" onSubmit={form.onSubmit} className="grid gap-4">
          <input type="hidden" name="intent" value="newsletter" />
          {outcome && !outcome.ok ? <FormAlert>{outcome.message}</FormAlert> : null}
          {outcome?.ok && form.fromPlainPost ? <FormAlert tone="success">Inställningarna har sparats.</FormAlert> : null}
          <div className="flex items-center justify-between gap-4 rounded-lg border p-4">
            <div>
              <Label htmlFor="nyhetsbrev-epost">Nyhetsbrev via e-post</Label>
              <p id="nyhetsbrev-epost-tips" className="mt-1 text-sm text-muted-foreground">
                Kampanjer och marknadsnyheter, högst ett par gånger i månaden.
              </p>
            </div>
            <CheckboxSwitch
              id="nyhetsbrev-epost"
              name="email_subscribed"
              value="true"
              aria-describedby="nyhetsbrev-epost-tips"
              checked={emailOn}
              onChange={saveOnChange}
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
            <CheckboxSwitch
              id="nyhetsbrev-sms"
              name="phone_subscribed"
              value="true"
              aria-describedby="nyhetsbrev-sms-tips"
              checked={smsOn}
              disabled={!hasPhone}
              onChange={saveOnChange}
            />
          </div>
          {hydrated ? null : (
            <div className="flex justify-end">
              <Button type="submit" variant="outline">
                Spara nyhetsbrevsval
              </Button>
            </div>
          )}
        </form.Form>
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
