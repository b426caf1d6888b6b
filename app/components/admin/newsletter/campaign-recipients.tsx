/**
 * A campaign's sending in the staff panel (/admin/newsletter/kampanjer/:campaignId): the send
 * button per list behind a confirmation stating the number of recipients, and the recipients
 * whose outcome is unknown or who failed, resent one or all after a confirmation.
 */
import { Form, type FetcherWithComponents } from "react-router";
import { Pager } from "~/components/ui/pager";
import { Rocket, Send, Undo2 } from "~/components/ui/icons";
import { formatDateTime, formatNumber } from "~/lib/format";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import type { MailList } from "~/modules/newsletter/campaign-rules";
import type { RecipientView } from "~/modules/newsletter/campaigns.server";

/** What the campaign page's actions answer. */
export type CampaignAnswer = { ok: boolean; title?: string; message: string; intent?: string };
type Fetcher = FetcherWithComponents<CampaignAnswer>;


/** Per list: the send button's label, who it reaches, and its icon. */
export const SEND: Record<MailList, { button: string; who: (n: number) => string; Icon: typeof Send }> = {
  newsletter: { button: "Skicka", who: (n) => `${formatNumber(n)} ${n === 1 ? "bekräftad prenumerant" : "bekräftade prenumeranter"}`, Icon: Send },
  launch: { button: "Skicka lanseringsutskick", who: (n) => `${formatNumber(n)} ${n === 1 ? "adress" : "adresser"} på lanseringslistan`, Icon: Rocket },
};

export function SendButton({ list, recipients, fetcher }: { list: MailList; recipients: number; fetcher: Fetcher }) {
  const { button, who, Icon } = SEND[list];
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="list" value={list} />
      <ConfirmDialog
        testId={`confirm-send-${list}`}
        trigger={
          <Button type="submit" variant={list === "newsletter" ? "default" : "outline"} disabled={fetcher.state !== "idle" || recipients === 0} data-testid={`campaign-send-${list}`}>
            <Icon className="size-4" aria-hidden="true" />
            {button}
          </Button>
        }
        title={`Skicka till ${who(recipients)}?`}
        description={
          <p>
            Varje adress får ett exemplar, i den takt utskicken tillåts. Kampanjen kan inte ändras efter att den har skickats.
          </p>
        }
        confirmLabel={button}
        onConfirm={() => fetcher.submit({ intent: "send", list }, { method: "post" })}
      />
    </Form>
  );
}

function ResendButton({ recipient, total, fetcher }: { recipient?: RecipientView; total: number; fetcher: Fetcher }) {
  const label = recipient ? "Skicka om" : `Skicka om till alla (${formatNumber(total)})`;
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="intent" value="resend" />
      {recipient ? <input type="hidden" name="recipientId" value={recipient.id} /> : null}
      <ConfirmDialog
        testId={recipient ? "confirm-resend-one" : "confirm-resend-all"}
        trigger={
          <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"} data-testid={recipient ? "resend-one" : "resend-all"}>
            <Undo2 className="size-4" aria-hidden="true" />
            {label}
            {recipient ? <span className="sr-only"> till {recipient.email}</span> : null}
          </Button>
        }
        title={recipient ? `Skicka om till ${recipient.email}?` : `Skicka om till ${formatNumber(total)} mottagare?`}
        description={
          <p>
            Vi vet inte om {recipient ? "mottagaren" : "de här mottagarna"} redan fick mejlet: sändningen avbröts mellan att den påbörjades och
            att e-postservern svarade. Skickar du om kan {recipient ? "mottagaren" : "några"} få två exemplar.
          </p>
        }
        confirmLabel="Skicka om"
        onConfirm={() => fetcher.submit(recipient ? { intent: "resend", recipientId: recipient.id } : { intent: "resend" }, { method: "post" })}
      />
    </Form>
  );
}

function recipientColumns(fetcher: Fetcher | null): DataTableColumn<RecipientView>[] {
  return [
    { id: "email", header: "Adress", meta: { className: "break-all" }, cell: ({ row }) => row.original.email },
    { id: "attempts", header: "Försök", cell: ({ row }) => formatNumber(row.original.attempts) },
    {
      id: "when",
      header: "Påbörjad",
      meta: { className: "whitespace-nowrap" },
      cell: ({ row }) => (row.original.claimedAt ? formatDateTime(row.original.claimedAt) : "–"),
    },
    { id: "error", header: "Senaste fel", meta: { className: "max-w-72 text-xs text-muted-foreground" }, cell: ({ row }) => row.original.lastError ?? "–" },
    ...(fetcher
      ? [
          {
            id: "actions",
            header: () => <span className="sr-only">Åtgärder</span>,
            meta: { className: "w-0" },
            cell: ({ row }) => <ResendButton recipient={row.original} total={1} fetcher={fetcher} />,
          } satisfies DataTableColumn<RecipientView>,
        ]
      : []),
  ];
}

function RecipientCard({ recipient, fetcher }: { recipient: RecipientView; fetcher: Fetcher | null }) {
  return (
    <article className="grid gap-2 rounded-xl border bg-card p-4 text-sm">
      <p className="font-medium break-all">{recipient.email}</p>
      <p className="text-xs text-muted-foreground">
        {formatNumber(recipient.attempts)} försök{recipient.claimedAt ? ` · ${formatDateTime(recipient.claimedAt)}` : ""}
      </p>
      {recipient.lastError ? <p className="text-xs text-muted-foreground">{recipient.lastError}</p> : null}
      {fetcher ? (
        <div className="flex justify-end">
          <ResendButton recipient={recipient} total={1} fetcher={fetcher} />
        </div>
      ) : null}
    </article>
  );
}

type RecipientPage = { rows: RecipientView[]; page: number; pageSize: number; pageCount: number; total: number };

export function RecipientList({
  id,
  title,
  intro,
  page,
  param,
  fetcher,
}: {
  id: string;
  title: string;
  intro: string;
  page: RecipientPage;
  param: string;
  fetcher: Fetcher | null;
}) {
  if (page.total === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="grid min-w-0 grid-cols-1 gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h3 id={`${id}-title`} className="text-base font-semibold">
            {title} ({formatNumber(page.total)})
          </h3>
          <p className="max-w-prose text-sm text-muted-foreground">{intro}</p>
        </div>
        {fetcher ? <ResendButton total={page.total} fetcher={fetcher} /> : null}
      </div>
      <DataTable
        testId={id}
        caption={title}
        columns={recipientColumns(fetcher)}
        data={page.rows}
        getRowId={(row) => row.id}
        renderCard={(recipient) => <RecipientCard recipient={recipient} fetcher={fetcher} />}
        empty={<p>Inga mottagare.</p>}
      />
      <Pager param={param} page={page.page} pageCount={page.pageCount} pageSize={page.pageSize} total={page.total} noun="mottagare" />
    </section>
  );
}
