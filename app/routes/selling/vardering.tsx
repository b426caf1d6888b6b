/**
 * /salja/vardering: what a public CS2 inventory is worth to us today, before any sign-up
 * (docs/rules/selling.md#valuation-before-sign-up). A plain GET form (`?steam=`), so it works
 * without JavaScript and can be bookmarked; Steam sign-in proves an id without making an
 * account. Never from the HTML cache: `?steam=` is not a query the cache varies by.
 */
import { data, Link, useNavigation } from "react-router";
import type { Route } from "./+types/vardering";
import { PageIntro } from "~/components/content/page-intro";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { ArrowRight, Loader2 } from "~/components/ui/icons";
import { InventoryFailure } from "~/components/selling/inventory-failure";
import { SteamValuationForm } from "~/components/selling/steam-valuation-form";
import { SKIN_WEAR_LABELS } from "~/components/selling/selling-labels";
import { SKIN_VARIANT_LABELS } from "~/modules/trades/trades-constants";
import { badRequest, clientIp, readInput, type ActionFailure } from "~/lib/http.server";
import { INPUT_MESSAGES } from "~/lib/validation";
import { PriceAlertForm } from "~/components/selling/price-alert-form";
import { createPriceAlert, PRICE_ALERT_MESSAGES } from "~/modules/selling/price-alerts.server";
import { formatLongDateTime, formatSek } from "~/lib/format";
import { keepRetryAfter } from "~/lib/route-headers";
import { pageMeta } from "~/lib/seo";
import { getCurrentSession } from "~/modules/accounts/session.server";
import { INVENTORY_MESSAGES } from "~/modules/selling/inventory-items";
import { SELL_QUOTE_VALID_MINUTES } from "~/modules/selling/selling-constants";
import { valueInventory, type Valuation } from "~/modules/selling/visitor-valuation.server";
import { db } from "~/platform/db/client.server";

const BREADCRUMBS = [
  { name: "Sälj skins", path: "/salja-skins" },
  { name: "Vad är ditt lager värt?", path: "/salja/vardering" },
];

const STEAM_SIGN_IN_FAILED = "Steam-inloggningen kunde inte bekräftas. Försök igen eller klistra in länken till din profil.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Vad är ditt Steam-lager värt? – värdera utan konto",
    description: "Se vad vi betalar för dina CS2-skins i dag: klistra in länken till din Steam-profil. Inget konto behövs.",
    path: "/salja/vardering",
    noindex: true,
  });

export const headers = keepRetryAfter;

/** "Bevaka priset" on an item or the whole inventory (docs/rules/selling.md#price-alerts). */
export async function action({ request, context }: Route.ActionArgs) {
  const input = await readInput(request);
  if (!input.ok) return input.response;
  const intent = typeof input.data.intent === "string" && /^alert:(inventory|\d{1,20})$/.test(input.data.intent) ? input.data.intent : null;
  if (!intent) return badRequest(INPUT_MESSAGES.badRequest);
  const session = await getCurrentSession(request);
  const result = await createPriceAlert(db(), { form: input.data, member: session ? { userId: session.user.id } : null, ip: clientIp(context) });
  if (!result.ok) {
    const headers = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return data<ActionFailure>({ ok: false, intent, message: result.message }, { status: result.status, headers });
  }
  return {
    ok: true as const,
    intent,
    message: result.confirmed ? PRICE_ALERT_MESSAGES.saved : PRICE_ALERT_MESSAGES.confirmSent,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const steam = url.searchParams.get("steam");
  const signedIn = (await getCurrentSession(request)) !== null;
  const base = { signedIn, steam: steam ?? "", steamFailed: url.searchParams.get("fel") === "steam" };
  if (steam === null) return { ...base, valuation: null };
  const valuation: Valuation = await valueInventory(db(), { steam }, { ip: clientIp(context) });
  if (valuation.ok) return { ...base, valuation };
  const headers = valuation.retryAfterSeconds ? { "Retry-After": String(valuation.retryAfterSeconds) } : undefined;
  return data({ ...base, valuation }, { status: valuation.status, headers });
}

type Valued = Extract<Valuation, { ok: true }>;

function ValuedItems({ valuation, signedIn }: { valuation: Valued; signedIn: boolean }) {
  const accepted = valuation.items.filter((item) => item.priceOre !== null);
  const refused = valuation.items.filter((item) => item.priceOre === null);
  return (
    <div className="grid gap-6" data-testid="valuation">
      <section aria-labelledby="totalt" className="rounded-lg border bg-card p-4 sm:p-6">
        <h2 id="totalt" className="text-sm font-medium text-muted-foreground">
          Vi betalar i dag för {accepted.length} av {valuation.items.length} föremål
        </h2>
        <p className="mt-1 text-3xl font-bold" data-testid="valuation-total">
          {formatSek(valuation.totalOre)}
        </p>
        <p className="mt-2 text-sm text-muted-foreground">
          {valuation.bulkBonusOre > 0 ? <>Varav mängdbonus {formatSek(valuation.bulkBonusOre)}. </> : null}
          Referenspriset för de föremålen är {formatSek(valuation.referenceTotalOre)}. Som medlem på en högre nivå får du en
          bonus ovanpå. Lagret hämtat {formatLongDateTime(valuation.loadedAt)}
          {valuation.truncated ? "; lagret är mycket stort, så bara de första föremålen är med" : ""}.
        </p>
        <div className="mt-4 flex flex-wrap items-start gap-x-6 gap-y-3">
          <SellButton signedIn={signedIn} />
          <PriceAlertForm steam={valuation.steamId64} assetId={null} signedIn={signedIn} label="hela lagret" />
        </div>
      </section>
      {accepted.length > 0 ? (
        <section aria-labelledby="accepteras">
          <h2 id="accepteras" className="mb-3 text-lg font-semibold">
            Det här köper vi
          </h2>
          <ul className="grid gap-2">
            {accepted.map((item) => (
              <ItemRow key={item.assetId} item={item} alert={<PriceAlertForm steam={valuation.steamId64} assetId={item.assetId} signedIn={signedIn} label={item.name} />} />
            ))}
          </ul>
        </section>
      ) : null}
      {refused.length > 0 ? (
        <section aria-labelledby="accepteras-inte">
          <h2 id="accepteras-inte" className="mb-3 text-lg font-semibold">
            Det här köper vi inte just nu
          </h2>
          <ul className="grid gap-2">
            {refused.map((item) => (
              <ItemRow key={item.assetId} item={item} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function ItemRow({ item, alert }: { item: Valued["items"][number]; alert?: React.ReactNode }) {
  return (
    <li className="flex items-start gap-3 rounded-lg border p-3" data-testid="valued-item">
      {item.imageUrl ? (
        <img src={item.imageUrl} alt="" loading="lazy" width={64} height={48} className="h-12 w-16 shrink-0 object-contain" />
      ) : (
        <span className="h-12 w-16 shrink-0 rounded bg-muted" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{item.name}</p>
        <p className="flex flex-wrap gap-1 text-xs text-muted-foreground">
          {item.variant ? <Badge variant="secondary">{SKIN_VARIANT_LABELS[item.variant]}</Badge> : null}
          {[item.type, item.wear ? SKIN_WEAR_LABELS[item.wear] : null].filter(Boolean).join(" · ")}
        </p>
        {item.refusal ? <p className="text-sm text-muted-foreground">{item.refusal}</p> : null}
        {alert ? <div className="mt-1">{alert}</div> : null}
      </div>
      {item.priceOre !== null ? (
        <span className="shrink-0 text-right">
          <strong className="block">{formatSek(item.priceOre)}</strong>
          {item.referencePriceOre !== null && item.buyRatePercent !== null ? (
            <span className="block text-xs text-muted-foreground">
              {item.buyRatePercent} % av {formatSek(item.referencePriceOre)}
            </span>
          ) : null}
        </span>
      ) : null}
    </li>
  );
}

/** The account is made only here: a visitor goes to sign-up, a member straight to /salja. */
function SellButton({ signedIn }: { signedIn: boolean }) {
  return (
    <Button asChild>
      <Link to={signedIn ? "/salja" : "/auth?mode=signup"}>
        <ArrowRight className="size-4" aria-hidden="true" />
        Sälj
      </Link>
    </Button>
  );
}

export default function ValuationPage({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/salja/vardering";
  const { valuation } = loaderData;
  return (
    <>
      <PageIntro
        title="Vad är ditt lager värt?"
        lead="Se vad vi betalar för dina CS2-skins i dag – utan konto. Du behöver ett konto först när du vill sälja."
        breadcrumbs={BREADCRUMBS}
      />
      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8">
        <SteamValuationForm defaultValue={loaderData.steam} />
        {loaderData.steamFailed ? <FormAlert>{STEAM_SIGN_IN_FAILED}</FormAlert> : null}
        {loading ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Hämtar lagret från Steam…
          </p>
        ) : valuation === null ? null : valuation.ok ? (
          valuation.items.length === 0 ? (
            <p className="rounded-lg border p-6 text-center" data-testid="valuation-empty">
              {INVENTORY_MESSAGES.empty}
            </p>
          ) : (
            <ValuedItems valuation={valuation} signedIn={loaderData.signedIn} />
          )
        ) : (
          <InventoryFailure message={valuation.message} testId="valuation-error" />
        )}
        <p className="text-sm text-muted-foreground">
          Priserna är dagens köppriser och kan ändras; när du säljer får du en offert som gäller i {SELL_QUOTE_VALID_MINUTES} minuter.{" "}
          {loaderData.signedIn ? (
            <Link to="/prisbevakningar" className="font-medium text-primary underline underline-offset-4">
              Dina prisbevakningar
            </Link>
          ) : (
            <>
              För att sälja <Link to="/auth?mode=signup" className="font-medium text-primary underline underline-offset-4">skapar du ett konto</Link> eller{" "}
              <Link to="/auth?redirectTo=/salja" className="font-medium text-primary underline underline-offset-4">loggar in</Link>.
            </>
          )}
        </p>
      </div>
    </>
  );
}
