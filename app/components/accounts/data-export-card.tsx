/**
 * "Dina uppgifter" on /profile (decision 048): ask for everything we hold about you, see that the
 * file is being prepared, then download it until it expires. The page follows the job's notice
 * ("account" event) without a reload; without JavaScript the form posts and the page shows the answer.
 */
import { Archive, Download, LoaderCircle } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { formatDecimal, formatLongDateTime } from "~/lib/format";
import { useActionForm, type FormOutcome } from "~/lib/use-action-form";
import { DATA_EXPORT } from "~/modules/accounts/data-export-constants";
import type { DataExportView } from "~/modules/accounts/data-export-rules";

function fileSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${formatDecimal(Math.max(1, bytes / 1024), 0)} kB` : `${formatDecimal(bytes / (1024 * 1024), 1)} MB`;
}

export function DataExportCard({ latest }: { latest: DataExportView | null }) {
  const form = useActionForm<FormOutcome>({ intent: "data-export" });
  const outcome = form.outcome;
  const pending = latest?.status === "pending" || form.busy;
  const ready = latest?.status === "ready" ? latest : null;
  const waitUntil = latest?.nextRequestAt ?? null;

  return (
    <Card role="region" aria-labelledby="dina-uppgifter-rubrik" id="dina-uppgifter">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="dina-uppgifter-rubrik">Dina uppgifter</h2>
        </CardTitle>
        <CardDescription>
          Ladda ner allt vi har sparat om dig – profil, inloggningar, poäng, affärer, säljordrar, värvningar och nyhetsbrev – som
          en ZIP-fil med JSON-filer. Uppgifter om utbetalning och BankID visas maskerade.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {outcome && !outcome.ok ? <FormAlert>{outcome.message}</FormAlert> : null}
        {latest?.status === "failed" ? (
          <FormAlert title="Filen kunde inte skapas">Något gick fel när vi skulle förbereda din fil. Försök igen.</FormAlert>
        ) : null}
        {latest?.status === "expired" ? (
          <FormAlert tone="info">Din senaste fil har gått ut och finns inte längre kvar hos oss.</FormAlert>
        ) : null}

        {pending ? (
          <div className="flex items-start gap-3 rounded-lg border p-4" role="status">
            <LoaderCircle className="mt-0.5 size-5 shrink-0 animate-spin text-muted-foreground motion-reduce:animate-none" aria-hidden="true" />
            <div>
              <p className="font-medium">Vi förbereder din fil…</p>
              <p className="mt-1 text-sm text-muted-foreground">Det brukar ta någon minut. Du får ett mejl när den är klar.</p>
            </div>
          </div>
        ) : null}

        {ready ? (
          <div className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex min-w-0 items-start gap-3">
              <Archive className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="min-w-0">
                <p className="font-medium">Din fil är klar</p>
                <p className="mt-1 text-sm text-muted-foreground">
                  {ready.sizeBytes !== null ? `${fileSize(ready.sizeBytes)} · ` : ""}
                  Kan laddas ner till <time dateTime={ready.expiresAt ?? undefined}>{formatLongDateTime(ready.expiresAt!)}</time>
                </p>
              </div>
            </div>
            <Button asChild>
              <a href={`/profile/mina-uppgifter/${ready.id}`} download>
                <Download aria-hidden="true" />
                Ladda ner filen
              </a>
            </Button>
          </div>
        ) : null}

        {!pending ? (
          <form.Form method="post" onSubmit={form.onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end">
            <input type="hidden" name="intent" value="data-export" />
            {waitUntil ? (
              <p className="text-sm text-muted-foreground sm:mr-auto">
                Du kan begära en ny fil en gång per {DATA_EXPORT.requestCooldownHours} timmar, nästa gång{" "}
                <time dateTime={waitUntil}>{formatLongDateTime(waitUntil)}</time>.
              </p>
            ) : (
              <p className="text-sm text-muted-foreground sm:mr-auto">
                Filen kan laddas ner i {DATA_EXPORT.downloadDays} dagar, och bara av dig.
              </p>
            )}
            <Button type="submit" variant={ready ? "outline" : "default"} disabled={Boolean(waitUntil)}>
              {ready ? "Begär en ny fil" : "Ladda ner mina uppgifter"}
            </Button>
          </form.Form>
        ) : null}
        <p className="sr-only" aria-live="polite">
          {form.busy ? "Skickar din begäran" : ""}
        </p>
      </CardContent>
    </Card>
  );
}
