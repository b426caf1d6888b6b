/**
 * The bank files under the payout queue (decision 050): make a file of the due bank payouts,
 * download it for the bank, mark it paid when the bank confirms, or return one payment to the
 * queue. Every action is a form post through the one confirmation dialog.
 */
import { Link } from "react-router";
import { Download, Landmark } from "~/components/ui/icons";
import { ConfirmedAction } from "~/components/admin/sell-orders/confirmed-action";
import { StatusBadge, type StatusTone } from "~/components/ui/status-badge";
import { FormAlert } from "~/components/ui/form-alert";
import { formatDate, formatDateTime, formatSek } from "~/lib/format";
import { PAYOUT_BATCH_LINE_LABELS, PAYOUT_BATCH_STATUS_LABELS } from "~/modules/payouts/payout-batch-constants";
import type { BankFileView } from "~/modules/payouts/payout-batches-page.server";

type BankFile = BankFileView;
type BankFileLine = BankFileView["lines"][number];

const STATUS_TONES: Record<BankFile["status"], StatusTone> = { open: "info", paid: "success", closed: "muted" };
const LINE_TONES: Record<BankFileLine["state"], StatusTone> = { open: "info", paid: "success", returned: "muted" };

function BankFileCard({ file }: { file: BankFile }) {
  const open = file.lines.filter((line) => line.state === "open");
  const openTotal = open.reduce((sum, line) => sum + line.amountOre, 0);
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4 text-sm" data-testid="bank-file" data-batch-id={file.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-0.5">
          <span className="font-mono font-semibold break-all">{file.messageId}</span>
          <span className="text-muted-foreground">
            Skapad {formatDateTime(file.createdAt)} · betalningsdag {formatDate(file.requestedDate)}
            {file.paidAt ? ` · betald ${formatDateTime(file.paidAt)}` : ""}
          </span>
        </div>
        <div className="grid justify-items-start gap-1 sm:justify-items-end">
          <span className="text-lg font-bold tabular-nums">{formatSek(file.totalOre)}</span>
          <StatusBadge label={`${PAYOUT_BATCH_STATUS_LABELS[file.status]} · ${file.orderCount} st`} tone={STATUS_TONES[file.status]} />
        </div>
      </div>
      <ul className="grid divide-y border-y" aria-label={`Betalningar i ${file.messageId}`}>
        {file.lines.map((line) => (
          <li
            key={line.orderId}
            className="grid gap-x-4 gap-y-1 py-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-center"
            data-testid="bank-file-line"
            data-order-id={line.orderId}
          >
            <div className="grid min-w-0">
              <span className="font-medium">{line.verifiedName ?? "Inte verifierad"}</span>
              <span className="text-xs text-muted-foreground">
                Namn enligt BankID ·{" "}
                <Link to={`/admin/transactions/saljordrar/${line.orderId}`} className="hover:underline">
                  {line.memberName}
                </Link>
              </span>
            </div>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-mono">{line.masked}</span>
              <span className="font-semibold tabular-nums">{formatSek(line.amountOre)}</span>
              <StatusBadge label={PAYOUT_BATCH_LINE_LABELS[line.state]} tone={LINE_TONES[line.state]} />
            </div>
            <div className="sm:justify-self-end">
              {line.state === "open" ? (
                <ConfirmedAction
                  intent="return-batch-order"
                  label="Tillbaka till kön"
                  title="Tillbaka till kön?"
                  description={`Gör det bara om banken inte betalade ${formatSek(line.amountOre)} till ${line.verifiedName ?? line.memberName}. Ordern hamnar i utbetalningskön igen och kan läggas i en ny bankfil.`}
                  confirmLabel="Tillbaka till kön"
                  tone="destructive"
                  hidden={{ batchId: file.id, orderId: line.orderId }}
                  testId="return-batch-order"
                />
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <a
          href={`/admin/transactions/utbetalningar/bankfil/${file.id}`}
          download
          className="inline-flex h-9 items-center gap-2 rounded-md border px-3 font-medium hover:bg-accent"
          data-testid="bank-file-download"
        >
          <Download className="size-4" aria-hidden="true" />
          Ladda ner bankfilen
        </a>
        {open.length > 0 ? (
          <ConfirmedAction
            intent="mark-batch-paid"
            label="Markera batchen som betald"
            title="Markera batchen som betald?"
            description={`Bekräfta att banken har betalat ut ${file.messageId}: ${open.length} ordrar på ${formatSek(openTotal)} markeras som utbetalda med filens referens. Medlemmarna får avräkningsnota, poäng och XP.`}
            confirmLabel="Markera som betald"
            hidden={{ batchId: file.id }}
            testId="mark-batch-paid"
          />
        ) : null}
      </div>
    </li>
  );
}

export function BankFiles({
  bankFile,
  files,
  due,
}: {
  bankFile: { enabled: boolean; message: string | null };
  files: BankFile[];
  /** The bank payouts a new file would take now. */
  due: { count: number; totalOre: number };
}) {
  return (
    <section aria-labelledby="bank-files" className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h3 id="bank-files" className="flex items-center gap-2 font-semibold">
            <Landmark className="size-4" aria-hidden="true" />
            Bankfiler
          </h3>
          <p className="max-w-prose text-sm text-muted-foreground">
            Förfallna bankutbetalningar samlas i en betalfil (ISO 20022 pain.001) som du laddar upp i bankens företagstjänst. Markera filen som betald när
            banken har bekräftat betalningarna.
          </p>
        </div>
        {bankFile.enabled && due.count > 0 ? (
          <ConfirmedAction
            intent="create-batch"
            label="Skapa bankfil"
            title="Skapa bankfil?"
            description={`${due.count} förfallna bankutbetalningar på ${formatSek(due.totalOre)} läggs i en ny bankfil och visas som "Skickad till banken" tills filen är betald.`}
            confirmLabel="Skapa bankfil"
            testId="create-batch"
          />
        ) : null}
      </div>
      {bankFile.message ? (
        <FormAlert tone="info" title="Bankfiler är avstängda">
          {bankFile.message}
        </FormAlert>
      ) : null}
      {files.length === 0 ? <p className="rounded-xl border bg-card p-4 text-sm text-muted-foreground">Inga bankfiler än.</p> : null}
      <ul className="grid gap-3">
        {files.map((file) => (
          <BankFileCard key={file.id} file={file} />
        ))}
      </ul>
    </section>
  );
}
