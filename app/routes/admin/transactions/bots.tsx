/**
 * /admin/transactions/botar (admin only; docs/rules/bots.md): the Steam accounts trade offers are
 * sent from. An admin adds a bot with its SteamID64, a name, and the credentials it needs to stay
 * signed in (the refresh token of its Steam sign-in, the Steam Guard shared and identity
 * secrets); the secrets are sealed at once and never shown again. A bot can be turned off and on,
 * and given new credentials.
 */
import { useRef, type ReactNode } from "react";
import { useNavigation } from "react-router";
import type { Route } from "./+types/bots";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { ConfirmedAction } from "~/components/admin/sell-orders/confirmed-action";
import { StaffOutcomeAlert, useStaffForm } from "~/components/admin/staff-outcome";
import { TransactionsNav } from "~/components/admin/transactions/transactions-nav";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { StatusBadge, statusTable } from "~/components/ui/status-badge";
import { formatDateTime } from "~/lib/format";
import { BOT_LIMITS, BOT_STATUS_LABELS, type BotStatus } from "~/modules/bots/bot-constants";
import { accountAgeText, steamProfileUrl } from "~/modules/bots/bot-identity";
import { addBotSchema } from "~/modules/bots/bot-schema";
import { handleBotAction, loadBots } from "~/modules/bots/bots-page.server";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "transactions");

export async function loader({ request }: Route.LoaderArgs) {
  return loadBots(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handleBotAction(request);
}

export const ErrorBoundary = AdminTabError;

type Bot = Route.ComponentProps["loaderData"]["bots"][number];

const BOT_STATUS = statusTable<BotStatus>(BOT_STATUS_LABELS, { active: "success", session_expired: "danger", rate_limited: "neutral", disabled: "muted" });

/** The three secret fields, shared by "add" and "replace"; never filled from anything stored. */
function SecretFields({ prefix, errors }: { prefix: string; errors: Record<string, string | undefined> }) {
  const fields = [
    {
      name: "refresh_token",
      label: "Refresh-token",
      hint: "Kör npm run bot:login i projektets katalog och klistra in token som kommandot skriver ut. Visas aldrig igen.",
    },
    { name: "shared_secret", label: "Shared secret", hint: "Steam Guard-filens shared_secret (Base64)." },
    { name: "identity_secret", label: "Identity secret", hint: "Steam Guard-filens identity_secret (Base64)." },
  ];
  return (
    <>
      {fields.map((field) => (
        <FormField key={field.name} id={`${prefix}-${field.name}`} name={field.name} label={field.label} hint={field.hint} error={errors[field.name]} required>
          {(control) => <Input {...control} type="password" autoComplete="off" spellCheck={false} required />}
        </FormField>
      ))}
    </>
  );
}

function AddBot() {
  // Emptied once the answer is a success, so no secret stays typed in the page.
  const formRef = useRef<HTMLFormElement>(null);
  const form = useStaffForm({
    intent: "add",
    schema: addBotSchema,
    onOutcome: (outcome) => {
      if (outcome.ok) formRef.current?.reset();
    },
  });
  return (
    <section aria-labelledby="add-bot" className="grid gap-3 rounded-xl border bg-card p-4">
      <h3 id="add-bot" className="font-semibold">
        Lägg till bot
      </h3>
      <StaffOutcomeAlert outcome={form.fromPlainPost ? form.outcome : null} />
      <form.Form ref={formRef} method="post" onSubmit={form.onSubmit} className="grid gap-3 sm:grid-cols-2" data-testid="add-bot" autoComplete="off">
        <input type="hidden" name="intent" value="add" />
        <FormField id="bot-steam-id" name="steam_id" label="SteamID64" error={form.fieldErrors.steam_id} required>
          {(control) => <Input {...control} inputMode="numeric" defaultValue={form.typed("steam_id")} required />}
        </FormField>
        <FormField id="bot-name" name="display_name" label="Namn" hint="Ersätts av botens Steam-namn när profilen har lästs." error={form.fieldErrors.display_name} required>
          {(control) => <Input {...control} maxLength={BOT_LIMITS.displayNameMaxLength} defaultValue={form.typed("display_name")} required />}
        </FormField>
        <SecretFields prefix="bot" errors={form.fieldErrors} />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={form.busy}>
            Lägg till bot
          </Button>
        </div>
      </form.Form>
    </section>
  );
}

function ReplaceCredentials({ bot }: { bot: Bot }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useStaffForm({
    intent: "credentials",
    fallback: null,
    onOutcome: (outcome) => {
      if (outcome.ok) formRef.current?.reset();
    },
  });
  return (
    <details className="rounded-lg border p-3">
      <summary className="cursor-pointer text-sm font-medium">Byt inloggningsuppgifter</summary>
      <form.Form ref={formRef} method="post" onSubmit={form.onSubmit} className="mt-3 grid gap-3" autoComplete="off">
        <input type="hidden" name="intent" value="credentials" />
        <input type="hidden" name="botId" value={bot.id} />
        <SecretFields prefix={`bot-${bot.id}`} errors={form.fieldErrors} />
        <div>
          <Button type="submit" variant="outline" disabled={form.busy}>
            Spara nya uppgifter
          </Button>
        </div>
      </form.Form>
    </details>
  );
}

/** One fact of a bot; "Inte läst än" until the bots job has read it. */
function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words" data-testid={testId}>
        {value ?? "Inte läst än"}
      </dd>
    </>
  );
}

function BotCard({ bot, now }: { bot: Bot; now: Date }) {
  const off = bot.status === "disabled";
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4 text-sm" data-testid="bot" data-steam-id={bot.steamId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-0.5">
          <span className="font-semibold">{bot.displayName}</span>
          <a href={steamProfileUrl(bot.steamId)} className="font-mono break-all text-muted-foreground underline" rel="noreferrer noopener" target="_blank">
            {bot.steamId}
          </a>
          <span className="text-muted-foreground">Tillagd {formatDateTime(bot.createdAt)}</span>
        </div>
        <StatusBadge {...BOT_STATUS[bot.status]} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <Fact label="Aktiva erbjudanden" value={`${bot.activeOffers} av ${BOT_LIMITS.maxActiveOffers}`} testId="bot-active-offers" />
        <Fact label="Föremål i inventariet" value={bot.inventorySize} testId="bot-inventory" />
        <Fact label="Steam-nivå" value={bot.steamLevel} testId="bot-level" />
        <Fact label="Kontots ålder" value={accountAgeText(bot.accountCreatedAt, now)} testId="bot-age" />
        <Fact label="Senast kontrollerad" value={bot.profileRefreshedAt ? formatDateTime(bot.profileRefreshedAt) : "Inte kontrollerad än"} testId="bot-checked" />
        {bot.lastError ? <Fact label="Senaste fel" value={bot.lastError} testId="bot-error" /> : null}
      </dl>
      <ConfirmedAction
        intent={off ? "enable" : "disable"}
        label={off ? "Slå på" : "Stäng av"}
        title={off ? `Slå på ${bot.displayName}?` : `Stäng av ${bot.displayName}?`}
        description={off ? "Boten får skicka trade-erbjudanden igen." : "Inga nya trade-erbjudanden skickas från boten. Erbjudanden som redan är skickade följs som vanligt."}
        confirmLabel={off ? "Slå på" : "Stäng av"}
        tone={off ? "default" : "destructive"}
        hidden={{ botId: bot.id }}
        testId={`bot-${off ? "enable" : "disable"}-${bot.steamId}`}
      />
      <ReplaceCredentials bot={bot} />
    </li>
  );
}

export default function Bots({ loaderData }: Route.ComponentProps) {
  const { bots } = loaderData;
  const now = new Date(loaderData.now);
  const loading = useNavigation().state === "loading";
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <TransactionsNav />
      <div className="grid gap-1">
        <h2 className="text-xl font-bold">Botar</h2>
        <p className="max-w-prose text-sm text-muted-foreground">
          Steam-kontona som trade-erbjudanden skickas från. Inloggningsuppgifterna krypteras direkt och visas aldrig igen. Steam tillåter högst{" "}
          {BOT_LIMITS.maxActiveOffers} aktiva erbjudanden per bot. Status, profil och inventarie kontrolleras var tionde minut och direkt när en bot
          läggs till eller får nya uppgifter.
        </p>
        <p className="max-w-prose text-sm text-muted-foreground" data-testid="bot-login-help">
          Refresh-token får du genom att köra <code className="rounded bg-muted px-1 font-mono">npm run bot:login</code> i projektets katalog: kommandot frågar
          efter botens kontonamn, lösenord och Steam Guard-filens shared secret (eller läser .maFile-filen med <code className="font-mono">--mafile</code>
          ), loggar in hos Steam och skriver ut token en gång.
        </p>
      </div>
      {bots.length === 0 ? (
        <p className="rounded-xl border bg-card p-6 text-sm text-muted-foreground">Inga botar än. Utan bot skickas trade-erbjudanden för hand från säljordern.</p>
      ) : (
        <ul className="grid gap-3 aria-busy:opacity-60" aria-busy={loading}>
          {bots.map((bot) => (
            <BotCard key={bot.id} bot={bot} now={now} />
          ))}
        </ul>
      )}
      <AddBot />
    </div>
  );
}
