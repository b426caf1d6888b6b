/**
 * /salja, the sell flow (docs/rules/selling.md#the-sell-page): the seller checklist until the
 * member may sell, then their Steam inventory to pick items from, with search, filters, sort
 * by price, and "Få pris", which creates a quote.
 */
import { useMemo, useState } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/salja";
import { handleSellAction, loadSellPage } from "~/modules/selling/sell-page.server";
import { PageIntro } from "~/components/content/page-intro";
import { SellerChecklistCard } from "~/components/selling/seller-checklist-card";
import { InventoryFailure } from "~/components/selling/inventory-failure";
import { ItemPriceDialog } from "~/components/selling/item-price-dialog";
import { SteamValuationForm } from "~/components/selling/steam-valuation-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { ArrowRight, Loader2, RefreshCw, Search } from "~/components/ui/icons";
import { SKIN_WEAR_LABELS } from "~/components/selling/selling-labels";
import { SKIN_VARIANT_LABELS, SKIN_WEARS, type SkinWear } from "~/modules/trades/trades-constants";
import { formatLongDateTime, formatSek } from "~/lib/format";
import { keepRetryAfter } from "~/lib/route-headers";
import { pageMeta } from "~/lib/seo";
import { filterInventory, INVENTORY_MESSAGES, type InventorySort } from "~/modules/selling/inventory-items";
import type { LevelDefinition } from "~/modules/loyalty/loyalty-constants";
import { quoteTotals } from "~/modules/selling/quote-rules";
import { sellLimitLines, sellLimitRefusal } from "~/modules/selling/sell-limits";

const BREADCRUMBS = [
  { name: "Sälj skins", path: "/salja-skins" },
  { name: "Sälj nu", path: "/salja" },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Sälj skins – välj föremål ur ditt Steam-lager",
    description: "Välj skins ur ditt Steam-lager och få ett pris direkt.",
    path: "/salja",
    noindex: true,
  });

export const headers = keepRetryAfter;

export async function loader({ request }: Route.LoaderArgs) {
  return loadSellPage(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handleSellAction(request);
}

type Item = Extract<Route.ComponentProps["loaderData"], { ready: true }>["items"][number];

const REFUSAL_SHORT = {
  no_price: "Inget pris",
  below_minimum: "Under minsta värde",
  not_tradable: "Ej bytbar",
  trade_protected: "Trade Protection",
} as const;

function ItemCard({ item, selected, onToggle }: { item: Item; selected: boolean; onToggle: (checked: boolean) => void }) {
  const id = `a_${item.assetId}`;
  return (
    <li className="flex flex-col gap-1">
      <label
        htmlFor={id}
        className="flex flex-1 cursor-pointer flex-col rounded-lg border bg-card p-3 transition-colors has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-primary/40 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
        data-testid="inventory-item"
      >
        {/* A label holds phrasing content only: spans laid out as blocks. */}
        <span className="flex items-start justify-between gap-2">
          <input
            id={id}
            type="checkbox"
            name={id}
            value="1"
            checked={selected}
            onChange={(event) => onToggle(event.target.checked)}
            className="mt-1 size-4 accent-[var(--color-primary)]"
          />
          <span className="flex flex-wrap justify-end gap-1">
            {item.variant ? <Badge variant="secondary">{SKIN_VARIANT_LABELS[item.variant]}</Badge> : null}
            {item.wear ? (
              <Badge variant="outline" title={SKIN_WEAR_LABELS[item.wear]}>
                {item.wear}
              </Badge>
            ) : null}
          </span>
        </span>
        {item.imageUrl ? (
          <img src={item.imageUrl} alt="" loading="lazy" width={128} height={96} className="mx-auto my-2 h-24 w-32 object-contain" />
        ) : (
          <span className="mx-auto my-2 block h-24 w-32 rounded bg-muted" aria-hidden="true" />
        )}
        <span className="font-medium leading-snug break-words">{item.name}</span>
        <span className="text-xs text-muted-foreground">
          {[item.type, item.wear ? SKIN_WEAR_LABELS[item.wear] : null].filter(Boolean).join(" · ")}
        </span>
        <span className="mt-auto pt-2 text-sm">
          {item.priceOre !== null ? (
            <strong>{formatSek(item.priceOre)}</strong>
          ) : item.refusal === "trade_protected" && item.tradableAfter ? (
            <span className="text-amber-700 dark:text-amber-400">Trade Protection till {formatLongDateTime(item.tradableAfter)}</span>
          ) : item.refusal ? (
            <span className="text-muted-foreground">{REFUSAL_SHORT[item.refusal]}</span>
          ) : null}
        </span>
      </label>
      <ItemPriceDialog name={item.name} marketHashName={item.marketHashName} item={item} />
    </li>
  );
}

type Limits = NonNullable<Route.ComponentProps["loaderData"]["limits"]>;

const LIMIT_TONES = {
  ok: "border-border",
  info: "border-primary/40 bg-primary/5",
  blocked: "border-destructive/50 bg-destructive/10",
} as const;

/** docs/rules/selling.md#limits: what applies now, before any selection. */
function LimitsPanel({ limits }: { limits: Limits }) {
  return (
    <section aria-labelledby="saljgranser" className="grid gap-3" data-testid="sell-limits">
      <h2 id="saljgranser" className="text-lg font-semibold">
        Det här gäller för dig just nu
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {sellLimitLines(limits).map((line) => (
          <li key={line.id} className={`rounded-lg border p-3 text-sm ${LIMIT_TONES[line.state]}`} data-testid={`limit-${line.id}`} data-state={line.state}>
            <p className="font-medium">{line.title}</p>
            <p className="mt-0.5">{line.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const SHOWN_AT_ONCE = 120;

function Inventory({
  items,
  loadedAt,
  truncated,
  limits,
  level,
}: {
  items: Item[];
  loadedAt: string | null;
  truncated: boolean;
  limits: Limits | null;
  level: LevelDefinition;
}) {
  const [search, setSearch] = useState("");
  const [type, setType] = useState("");
  const [wear, setWear] = useState<SkinWear | "">("");
  const [sort, setSort] = useState<InventorySort>("price_desc");
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [shown, setShown] = useState(SHOWN_AT_ONCE);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/salja") === true;
  const types = useMemo(() => [...new Set(items.map((item) => item.type).filter((value): value is string => Boolean(value)))].sort(), [items]);
  const visible = useMemo(() => filterInventory(items, { search, type, wear, sort }, (item) => item.priceOre), [items, search, type, wear, sort]);
  // The quote's own totals (level and bulk bonus), so the limit is checked on what the quote would be.
  const totals = quoteTotals(items.filter((item) => selected.has(item.assetId)), level);
  const selectedTotal = totals.totalOre;
  const limitReason = limits ? sellLimitRefusal(limits, selectedTotal) : null;

  const toggle = (assetId: string, checked: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (checked) next.add(assetId);
      else next.delete(assetId);
      return next;
    });

  if (items.length === 0) {
    return (
      <div className="rounded-lg border p-6 text-center" data-testid="inventory-empty">
        <p className="font-medium">{INVENTORY_MESSAGES.empty}</p>
        <p className="mt-1 text-sm text-muted-foreground">Har du nyss fått föremål? Uppdatera lagret om en stund.</p>
      </div>
    );
  }

  return (
    <Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="quote" />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" role="search" aria-label="Filtrera lagret">
        <div className="grid gap-1.5">
          <Label htmlFor="sok">Sök</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground" aria-hidden="true" />
            <Input id="sok" type="search" value={search} onChange={(event) => setSearch(event.target.value)} className="pl-9" placeholder="T.ex. AK-47" />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="typ">Typ</Label>
          <NativeSelect id="typ" value={type} onChange={(event) => setType(event.target.value)}>
            <option value="">Alla typer</option>
            {types.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="slitage">Slitage</Label>
          <NativeSelect id="slitage" value={wear} onChange={(event) => setWear(event.target.value as SkinWear | "")}>
            <option value="">Alla</option>
            {SKIN_WEARS.map((value) => (
              <option key={value} value={value}>
                {SKIN_WEAR_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="sortera">Sortera</Label>
          <NativeSelect id="sortera" value={sort} onChange={(event) => setSort(event.target.value as InventorySort)}>
            <option value="price_desc">Pris, högst först</option>
            <option value="price_asc">Pris, lägst först</option>
            <option value="name">Namn</option>
          </NativeSelect>
        </div>
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {visible.length} av {items.length} föremål{loadedAt ? ` · hämtat ${formatLongDateTime(loadedAt)}` : ""}
        {truncated ? " · lagret är mycket stort; bara de första föremålen visas" : ""}
      </p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {visible.slice(0, shown).map((item) => (
          <ItemCard key={item.assetId} item={item} selected={selected.has(item.assetId)} onToggle={(checked) => toggle(item.assetId, checked)} />
        ))}
      </ul>
      {visible.length > shown ? (
        <Button type="button" variant="outline" onClick={() => setShown((value) => value + SHOWN_AT_ONCE)}>
          Visa fler
        </Button>
      ) : null}
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur">
        <div className="grid gap-1" aria-live="polite">
          <p className="text-sm">
            <strong>{selected.size}</strong> valda{selectedTotal > 0 ? <> · ca {formatSek(selectedTotal)} med bonus</> : null}
          </p>
          {limitReason ? (
            <p id="limit-reason" className="text-sm text-destructive" data-testid="limit-reason">
              {limitReason}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={selected.size === 0 || busy || limitReason !== null} aria-describedby={limitReason ? "limit-reason" : undefined}>
          {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : <ArrowRight className="size-4" aria-hidden="true" />}
          Få pris
        </Button>
      </div>
    </Form>
  );
}

/** Signed out: value the inventory first; an account only to sell (docs/rules/selling.md#valuation-before-sign-up). */
function VisitorStart() {
  return (
    <>
      <SteamValuationForm heading="Se vad ditt lager är värt – utan konto" />
      <section className="rounded-lg border p-4 sm:p-6" aria-labelledby="salja-konto">
        <h2 id="salja-konto" className="text-lg font-semibold">
          Redo att sälja?
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">För att sälja behöver du ett konto kopplat till Steam och verifierat med BankID.</p>
        <div className="mt-3 flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/auth?mode=signup">Skapa konto</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/auth?redirectTo=/salja">Logga in</Link>
          </Button>
        </div>
      </section>
    </>
  );
}

export default function SellPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const refreshing = navigation.state !== "idle" && navigation.formData?.get("intent") === "refresh";
  const failure = answer && "ok" in answer && answer.ok === false ? answer.message : null;
  return (
    <>
      <PageIntro title="Sälj dina skins" lead="Välj föremål ur ditt Steam-lager och få ett pris direkt. Priset gäller i 10 minuter." breadcrumbs={BREADCRUMBS} />
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
        {loaderData.limits ? <LimitsPanel limits={loaderData.limits} /> : null}
        {!loaderData.ready ? (
          loaderData.checklist ? (
            <SellerChecklistCard checklist={loaderData.checklist} />
          ) : (
            <VisitorStart />
          )
        ) : (
          <>
            {loaderData.bankid ? (
              <section className="rounded-lg border border-primary/40 bg-primary/5 p-4" aria-labelledby="bankid-steg" data-testid="bankid-step">
                <h2 id="bankid-steg" className="font-semibold">
                  Steg 1: {loaderData.bankid.title}
                </h2>
                <p className="mt-1 text-sm">{loaderData.bankid.explanation} Du kan se priser redan nu, men för att sälja behöver du vara verifierad.</p>
                {loaderData.bankid.fix ? (
                  <Link to={loaderData.bankid.fix.href} className="mt-2 inline-block text-sm font-medium text-primary underline underline-offset-4">
                    {loaderData.bankid.fix.label}
                  </Link>
                ) : null}
              </section>
            ) : null}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 className="text-xl font-semibold">Ditt Steam-lager</h2>
              <Form method="post">
                <input type="hidden" name="intent" value="refresh" />
                <Button type="submit" variant="outline" disabled={refreshing}>
                  <RefreshCw className={refreshing ? "size-4 animate-spin" : "size-4"} aria-hidden="true" />
                  {refreshing ? "Hämtar…" : "Uppdatera lagret"}
                </Button>
              </Form>
            </div>
            {failure ? <FormAlert>{failure}</FormAlert> : null}
            {loaderData.error ? (
              <InventoryFailure message={loaderData.error} testId="inventory-error" />
            ) : (
              <Inventory items={loaderData.items} loadedAt={loaderData.loadedAt} truncated={loaderData.truncated} limits={loaderData.limits} level={loaderData.level} />
            )}
            <p className="text-sm text-muted-foreground">
              Hur det går till: <Link to="/salja-skins" className="font-medium text-primary underline underline-offset-4">så säljer du skins</Link>. Dina
              säljordrar följer du under{" "}
              <Link to="/mina-affarer" className="font-medium text-primary underline underline-offset-4">
                Mina affärer
              </Link>
              .
            </p>
          </>
        )}
      </div>
    </>
  );
}
