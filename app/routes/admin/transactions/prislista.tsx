/**
 * /admin/transactions/prislista (admin only; docs/rules/selling.md#price-list): the reference
 * prices quotes are made from, with search and page in the URL; a CSV import shown as a preview
 * with each bad row's line and reason before it is confirmed; a manual edit of one row.
 */
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { Upload } from "~/components/ui/icons";
import type { Route } from "./+types/prislista";
import { handlePriceListAction, loadPriceList, type PriceListAnswer } from "~/modules/selling/price-list-page.server";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { formatDateTime, formatNumber, formatSek } from "~/lib/format";
import { TransactionsNav } from "~/components/admin/transactions/transactions-nav";
import { ListSearch } from "~/components/admin/list-toolbar";
import { Button, buttonVariants } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { Pager } from "~/components/ui/pager";
import { FormAlert } from "~/components/ui/form-alert";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { PRICE_CATEGORY_LABELS } from "~/components/selling/selling-labels";
import {
  BUY_RATE_PERCENT,
  PRICE_CATEGORIES,
  PRICE_LIST,
  SELL_MIN_ITEM_VALUE_ORE,
} from "~/modules/selling/selling-constants";
import { withSearchParams } from "~/lib/search-params";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "transactions");

export async function loader({ request }: Route.LoaderArgs) {
  return loadPriceList(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handlePriceListAction(request);
}

export const ErrorBoundary = AdminTabError;

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const SOURCE_LABELS: Record<Row["source"], string> = { manual: "Manuell", csv: "CSV", skinport: "Skinport" };

const COLUMNS: DataTableColumn<Row>[] = [
  { id: "name", header: "market_hash_name", meta: { className: "max-w-md" }, cell: ({ row }) => <span className="block break-words font-medium">{row.original.marketHashName}</span> },
  { id: "price", header: "Referenspris", meta: { className: "whitespace-nowrap tabular-nums" }, cell: ({ row }) => formatSek(row.original.referencePriceOre) },
  { id: "source", header: "Källa", cell: ({ row }) => SOURCE_LABELS[row.original.source] },
  { id: "updated", header: "Uppdaterad", meta: { className: "whitespace-nowrap" }, cell: ({ row }) => <time dateTime={row.original.updatedAt}>{formatDateTime(row.original.updatedAt)}</time> },
  {
    id: "edit",
    header: () => <span className="sr-only">Ändra</span>,
    cell: ({ row }) => (
      <Link to={`?${new URLSearchParams({ namn: row.original.marketHashName })}#andra-pris`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        Ändra <span className="sr-only">{row.original.marketHashName}</span>
      </Link>
    ),
  },
];

function RowErrors({ errors, total }: { errors: { line: number; marketHashName: string; message: string }[]; total: number }) {
  if (errors.length === 0) return null;
  return (
    <div className="grid gap-2" data-testid="price-import-errors">
      <p className="font-medium text-destructive">{total} rader har fel och importeras inte:</p>
      <ul className="grid gap-1 text-sm">
        {errors.map((error) => (
          <li key={error.line} className="rounded border border-destructive/30 p-2">
            <strong>Rad {error.line}</strong>
            {error.marketHashName ? <> ({error.marketHashName})</> : null}: {error.message}
          </li>
        ))}
      </ul>
      {total > errors.length ? <p className="text-xs text-muted-foreground">… och {total - errors.length} till.</p> : null}
    </div>
  );
}

function readFileInto(event: React.ChangeEvent<HTMLInputElement>) {
  const file = event.target.files?.[0];
  const target = document.getElementById("price-csv") as HTMLTextAreaElement | null;
  if (!file || !target) return;
  void file.text().then((text) => {
    target.value = text;
  });
}

export default function PriceListView({ loaderData }: Route.ComponentProps) {
  const { q, rows, page, pageCount, pageSize, total, editName } = loaderData;
  const answer = useActionData<PriceListAnswer>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const editRow = rows.find((row) => row.marketHashName === editName);
  const preview = answer?.ok && answer.intent === "preview" ? answer : null;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <TransactionsNav />
      <p className="max-w-prose text-sm text-muted-foreground">
        Referenspriser per föremål (Steams market_hash_name). En offert betalar referenspriset gånger kategorins köpkurs:{" "}
        {PRICE_CATEGORIES.map((category) => `${PRICE_CATEGORY_LABELS[category]} ${BUY_RATE_PERCENT[category]} %`).join(", ")}. Föremål under{" "}
        {formatSek(SELL_MIN_ITEM_VALUE_ORE)} efter köpkursen köps inte.
      </p>

      {answer && !answer.ok ? <FormAlert>{answer.message}</FormAlert> : null}
      {answer?.ok && answer.intent !== "preview" ? (
        <FormAlert tone="success">
          <span data-testid="price-list-message">{answer.message}</span>
        </FormAlert>
      ) : null}
      {answer?.ok && answer.intent === "import" ? <RowErrors errors={answer.errors} total={answer.errors.length} /> : null}

      <section aria-labelledby="import-title" className="grid gap-3 rounded-xl border bg-card p-4">
        <h2 id="import-title" className="font-semibold">
          Importera CSV
        </h2>
        {preview ? (
          <div className="grid gap-3" data-testid="price-import-preview">
            <p>
              <strong>{preview.validCount}</strong> rader kan importeras ({preview.newCount} nya, {preview.changedCount} ändrade priser).
            </p>
            {preview.sample.length > 0 ? (
              <ul className="grid gap-1 text-sm text-muted-foreground">
                {preview.sample.map((row) => (
                  <li key={row.marketHashName}>
                    {row.marketHashName}: {formatSek(row.priceOre)}
                  </li>
                ))}
              </ul>
            ) : null}
            <RowErrors errors={preview.errors} total={preview.errorCount} />
            <div className="flex flex-wrap gap-2">
              <Form method="post">
                <input type="hidden" name="intent" value="import" />
                <input type="hidden" name="csv" value={preview.csv} />
                <Button type="submit" disabled={busy || preview.validCount === 0}>
                  Importera {preview.validCount} rader
                </Button>
              </Form>
              <Link to={withSearchParams(params, {})} className={buttonVariants({ variant: "ghost" })}>
                Avbryt
              </Link>
            </div>
          </div>
        ) : (
          <Form method="post" className="grid gap-3">
            <input type="hidden" name="intent" value="preview" />
            <p className="text-sm text-muted-foreground">
              Första raden: <code>market_hash_name,price</code> (pris i kronor; komma eller semikolon som avgränsare). Högst{" "}
              {formatNumber(PRICE_LIST.csvMaxRows)} rader.
            </p>
            <div className="grid gap-1.5">
              <Label htmlFor="price-csv-file">CSV-fil</Label>
              <Input id="price-csv-file" type="file" accept=".csv,text/csv" onChange={readFileInto} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="price-csv">eller klistra in</Label>
              <Textarea id="price-csv" name="csv" rows={6} className="font-mono text-xs" placeholder={"market_hash_name,price\nAK-47 | Redline (Field-Tested),245.50"} />
            </div>
            <Button type="submit" disabled={busy} className="justify-self-start">
              <Upload className="size-4" aria-hidden="true" />
              Förhandsgranska
            </Button>
          </Form>
        )}
      </section>

      <section aria-labelledby="andra-pris-title" id="andra-pris" className="grid gap-3 rounded-xl border bg-card p-4">
        <h2 id="andra-pris-title" className="font-semibold">
          Sätt ett pris
        </h2>
        <Form method="post" className="flex flex-wrap items-end gap-3" key={editName}>
          <input type="hidden" name="intent" value="edit" />
          <div className="grid min-w-0 flex-1 basis-72 gap-1.5">
            <Label htmlFor="edit-name">market_hash_name</Label>
            <Input id="edit-name" name="market_hash_name" required maxLength={PRICE_LIST.nameMaxLength} defaultValue={editName} />
          </div>
          <div className="grid w-40 gap-1.5">
            <Label htmlFor="edit-price">Referenspris (kr)</Label>
            <Input id="edit-price" name="price" required inputMode="decimal" defaultValue={editRow ? String(editRow.referencePriceOre / 100).replace(".", ",") : ""} />
          </div>
          <Button type="submit" disabled={busy}>
            Spara
          </Button>
        </Form>
      </section>

      <ListSearch
        id="price-q"
        label="Sök föremål"
        formLabel="Sök i prislistan"
        q={q}
        placeholder="T.ex. Redline"
        clearTo="/admin/transactions/prislista"
        maxLength={PRICE_LIST.nameMaxLength}
      />

      <section aria-labelledby="price-list-title" className="grid min-w-0 grid-cols-1 gap-4">
        <h2 id="price-list-title" className="sr-only">
          Prislista
        </h2>
        <DataTable
          testId="price-list"
          caption="Prislista"
          columns={COLUMNS}
          data={rows}
          getRowId={(row) => row.marketHashName}
          busy={navigation.state === "loading"}
          renderCard={(row) => (
            <article className="grid gap-1 rounded-xl border bg-card p-4 text-sm">
              <span className="break-words font-medium">{row.marketHashName}</span>
              <span>
                {formatSek(row.referencePriceOre)} · {SOURCE_LABELS[row.source]}
              </span>
              <Link to={`?${new URLSearchParams({ namn: row.marketHashName })}#andra-pris`} className="text-primary underline-offset-4 hover:underline">
                Ändra
              </Link>
            </article>
          )}
          empty={<p className="font-semibold">{q ? "Inget föremål matchar sökningen" : "Prislistan är tom"}</p>}
        />
        {total > 0 ? (
          <Pager
            page={page}
            pageCount={pageCount}
            pageSize={pageSize}
            total={total}
            noun="priser"
          />
        ) : null}
      </section>
    </div>
  );
}
