/**
 * /admin/point-shop/giveaways (admin only; docs/rules/admin.md#giveaways): the monthly
 * giveaways, paged; a form to create one (Gold and Platinum ticked by default) and, behind a
 * confirmation, the draw that picks its winner once, showing the winner, seed and candidate count.
 */
import { useMemo } from "react";
import { Form, useNavigation, type FetcherWithComponents } from "react-router";
import { Dices, Gift, Plus } from "~/components/ui/icons";
import type { Route } from "./+types/giveaways";
import { adminMeta } from "~/components/admin/admin-meta";
import { BackLink } from "~/components/admin/list-parts";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { MemberLabel } from "~/components/admin/transactions/trade-display";
import { formatDate, formatNumber, formatTime } from "~/lib/format";
import { Badge } from "~/components/ui/badge";
import { StatusBadge } from "~/components/ui/status-badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { Pager } from "~/components/ui/pager";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { LEVELS } from "~/modules/loyalty/loyalty-constants";
import { GIVEAWAY_DEFAULT_LEVELS, GIVEAWAY_LIMITS, levelField, levelNames } from "~/modules/loyalty/giveaway-rules";
import type { GiveawayView } from "~/modules/loyalty/giveaways.server";
import { handleGiveawayAction, loadGiveaways } from "~/modules/loyalty/giveaways-page.server";
import { useStaffForm } from "~/components/admin/staff-outcome";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "point-shop");

export async function loader({ request }: Route.LoaderArgs) {
  return loadGiveaways(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handleGiveawayAction(request);
}

export const ErrorBoundary = AdminTabError;

type ActionAnswer = { ok: true; title: string; message: string } | { ok: false; title?: string; message: string };
type Fetcher = FetcherWithComponents<ActionAnswer>;

function DrawButton({ giveaway, fetcher }: { giveaway: GiveawayView; fetcher: Fetcher }) {
  if (giveaway.drawnAt) return null;
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="intent" value="draw" />
      <input type="hidden" name="giveawayId" value={giveaway.id} />
      <ConfirmDialog
        testId="confirm-draw"
        trigger={
          <Button type="submit" size="sm" disabled={fetcher.state !== "idle"} data-testid="giveaway-draw">
            <Dices className="size-4" aria-hidden="true" />
            Dra vinnare<span className="sr-only"> i {giveaway.title}</span>
          </Button>
        }
        title="Dra vinnaren nu?"
        description={
          <p>
            En vinnare lottas bland medlemmarna som just nu är {levelNames(giveaway.eligibleLevels)}. Dragningen görs en gång och kan
            inte göras om; vinnaren får ett mejl.
          </p>
        }
        confirmLabel="Dra vinnare"
        onConfirm={() => fetcher.submit({ intent: "draw", giveawayId: giveaway.id }, { method: "post" })}
      />
    </Form>
  );
}

const candidatesText = (count: number) => `Bland ${formatNumber(count)} ${count === 1 ? "medlem" : "medlemmar"}`;

function DrawResult({ giveaway }: { giveaway: GiveawayView }) {
  if (!giveaway.drawnAt) return <StatusBadge label="Ej dragen" tone="neutral" />;
  return (
    <div className="grid gap-1 text-sm">
      <MemberLabel name={giveaway.winner?.name ?? null} email={giveaway.winner?.email ?? "Borttagen medlem"} steamId={null} />
      <span className="text-xs text-muted-foreground">
        {`${candidatesText(giveaway.candidateCount ?? 0)} · `}
        <time dateTime={giveaway.drawnAt}>
          {formatDate(giveaway.drawnAt)} {formatTime(giveaway.drawnAt)}
        </time>
      </span>
      <span className="text-xs break-all text-muted-foreground">
        Seed: <code data-testid="giveaway-seed">{giveaway.seed}</code>
      </span>
    </div>
  );
}

function columns(fetcher: Fetcher): DataTableColumn<GiveawayView>[] {
  return [
    { id: "month", header: "Månad", meta: { className: "whitespace-nowrap" }, cell: ({ row }) => row.original.month },
    {
      id: "giveaway",
      header: "Giveaway",
      meta: { className: "min-w-40" },
      cell: ({ row }) => (
        <span className="grid">
          <span className="font-medium">{row.original.title}</span>
          <span className="text-xs text-muted-foreground">{row.original.prize}</span>
        </span>
      ),
    },
    { id: "levels", header: "Nivåer", cell: ({ row }) => levelNames(row.original.eligibleLevels) },
    { id: "winner", header: "Vinnare", meta: { className: "max-w-72 min-w-48" }, cell: ({ row }) => <DrawResult giveaway={row.original} /> },
    {
      id: "actions",
      header: () => <span className="sr-only">Åtgärder</span>,
      meta: { className: "w-0" },
      cell: ({ row }) => <DrawButton giveaway={row.original} fetcher={fetcher} />,
    },
  ];
}

function GiveawayCard({ giveaway, fetcher }: { giveaway: GiveawayView; fetcher: Fetcher }) {
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 text-sm" data-row-id={giveaway.id}>
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-0.5">
          <p className="font-medium">{giveaway.title}</p>
          <p className="text-xs text-muted-foreground">{giveaway.prize}</p>
        </div>
        <Badge variant="secondary">{giveaway.month}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">Nivåer: {levelNames(giveaway.eligibleLevels)}</p>
      <DrawResult giveaway={giveaway} />
      <div className="flex justify-end">
        <DrawButton giveaway={giveaway} fetcher={fetcher} />
      </div>
    </article>
  );
}

function CreateForm({ currentMonth, failure, created }: { currentMonth: string; failure: { title?: string; message: string; fieldErrors?: Record<string, string | undefined> } | null; created: number }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const errors = failure?.fieldErrors ?? {};
  return (
    <Form key={created} method="post" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6" noValidate data-testid="giveaway-form">
      <input type="hidden" name="intent" value="create" />
      {failure ? (
        <FormAlert tone="error" title={failure.title}>
          {failure.message}
        </FormAlert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="giveaway-title" name="title" label="Rubrik" required error={errors.title}>
          {(control) => <Input {...control} maxLength={GIVEAWAY_LIMITS.title} autoComplete="off" placeholder="t.ex. Månadens Gold-giveaway" />}
        </FormField>
        <FormField id="giveaway-prize" name="prize" label="Vinst" required error={errors.prize}>
          {(control) => <Input {...control} maxLength={GIVEAWAY_LIMITS.prize} autoComplete="off" placeholder="t.ex. AK-47 | Redline (FT)" />}
        </FormField>
        <FormField id="giveaway-month" name="month" label="Månad" required error={errors.month} hint="ÅÅÅÅ-MM, svensk tid.">
          {(control) => <Input {...control} type="month" defaultValue={currentMonth} />}
        </FormField>
        <fieldset className="grid gap-2" aria-describedby={errors.eligibleLevels ? "giveaway-levels-error" : undefined}>
          <legend className="mb-2 flex items-center gap-2 text-sm font-medium">
            Nivåer som kan vinna
            <span aria-hidden="true" className="text-destructive">
              *
            </span>
          </legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {LEVELS.map((level) => (
              <label key={level.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={levelField(level.id)}
                  defaultChecked={GIVEAWAY_DEFAULT_LEVELS.includes(level.id)}
                  className="size-4 accent-primary"
                  data-testid={`giveaway-level-${level.id}`}
                />
                {level.name}
              </label>
            ))}
          </div>
          {errors.eligibleLevels ? (
            <p id="giveaway-levels-error" className="text-sm font-medium text-red-700 dark:text-red-300">
              {errors.eligibleLevels}
            </p>
          ) : null}
        </fieldset>
      </div>
      <div>
        <Button type="submit" disabled={saving} data-testid="giveaway-create">
          <Plus className="size-4" aria-hidden="true" />
          {saving ? "Skapar …" : "Skapa giveaway"}
        </Button>
      </div>
    </Form>
  );
}

export default function AdminGiveaways({ loaderData, actionData }: Route.ComponentProps) {
  const { giveaways, currentMonth } = loaderData;
  const navigation = useNavigation();
  const { fetcher } = useStaffForm<ActionAnswer>({ key: "giveaway-draw" });
  const cols = useMemo(() => columns(fetcher), [fetcher]);
  const answer = actionData as (ActionAnswer & { intent?: string; fieldErrors?: Record<string, string | undefined> }) | undefined;
  const createFailure = answer && !answer.ok && answer.intent === "create" ? answer : null;
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/point-shop/giveaways";

  return (
    <div className="grid min-w-0 grid-cols-1 gap-8">
      <div className="grid gap-2">
        <BackLink to="/admin/point-shop">Till poängbutiken</BackLink>
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Gift className="size-5" aria-hidden="true" />
          Månatliga giveaways
        </h2>
        <p className="max-w-prose text-sm text-muted-foreground">
          Vinnaren lottas bland medlemmarna vars XP ger en av de valda nivåerna när dragningen görs (personal deltar inte). Seed och
          kandidatlistans hash sparas så att dragningen kan göras om och kontrolleras.
        </p>
      </div>

      {answer && !createFailure ? (
        // A created giveaway (the form posts as a navigation), or a draw without JavaScript.
        <FormAlert tone={answer.ok ? "success" : "error"} title={answer.title}>
          {answer.message}
        </FormAlert>
      ) : null}

      <section aria-labelledby="giveaway-new-title" className="grid min-w-0 grid-cols-1 gap-4">
        <h3 id="giveaway-new-title" className="text-base font-semibold">
          Ny giveaway
        </h3>
        <CreateForm currentMonth={currentMonth} failure={createFailure} created={answer?.ok ? giveaways.total : 0} />
      </section>

      <section aria-labelledby="giveaway-list-title" className="grid min-w-0 grid-cols-1 gap-4">
        <h3 id="giveaway-list-title" className="text-base font-semibold">
          Alla giveaways
        </h3>
        <DataTable
          testId="giveaways"
          caption="Giveaways"
          columns={cols}
          data={giveaways.rows}
          getRowId={(row) => row.id}
          busy={loading}
          renderCard={(giveaway) => <GiveawayCard giveaway={giveaway} fetcher={fetcher} />}
          empty={
            <div className="grid justify-items-center gap-2">
              <p className="font-semibold">Inga giveaways ännu</p>
              <p className="text-sm text-muted-foreground">Skapa den första med formuläret ovan.</p>
            </div>
          }
        />
        {giveaways.total > 0 ? (
          <Pager
            page={giveaways.page}
            pageCount={giveaways.pageCount}
            pageSize={giveaways.pageSize}
            total={giveaways.total}
            noun="giveaways"
          />
        ) : null}
      </section>
    </div>
  );
}
