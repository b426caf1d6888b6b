/**
 * /prisbevakningar (docs/rules/selling.md#price-alerts): a member's price alerts, each with its
 * target, what we pay now and when it last fired, and "Ta bort". New alerts are made from a
 * valuation (/salja/vardering).
 */
import { data, Link } from "react-router";
import type { Route } from "./+types/prisbevakningar";
import { PageIntro } from "~/components/content/page-intro";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Loader2, Trash2 } from "~/components/ui/icons";
import { formatLongDateTime, formatSek } from "~/lib/format";
import { readInput, type ActionFailure } from "~/lib/http.server";
import { pageMeta } from "~/lib/seo";
import { useActionForm, type FormOutcome } from "~/lib/use-action-form";
import { INPUT_MESSAGES } from "~/lib/validation";
import { requireUser } from "~/modules/accounts/session.server";
import { deleteMemberAlert, memberAlerts, type PriceAlertView } from "~/modules/selling/price-alerts.server";
import { PRICE_ALERTS } from "~/modules/selling/selling-constants";
import { db } from "~/platform/db/client.server";

const BREADCRUMBS = [
  { name: "Sälj skins", path: "/salja-skins" },
  { name: "Prisbevakningar", path: "/prisbevakningar" },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Mina prisbevakningar", description: "Dina bevakningar av våra köppriser.", path: "/prisbevakningar", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const current = await requireUser(request);
  return { alerts: await memberAlerts(db(), current.user.id) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function action({ request }: Route.ActionArgs) {
  const current = await requireUser(request);
  const input = await readInput(request);
  if (!input.ok) return input.response;
  const id = input.data.id;
  if (input.data.intent !== "delete" || typeof id !== "string" || !UUID.test(id)) {
    return data<ActionFailure>({ ok: false, message: INPUT_MESSAGES.badRequest }, { status: 400 });
  }
  if (!(await deleteMemberAlert(db(), current.user.id, id))) {
    return data<ActionFailure>({ ok: false, intent: `delete:${id}`, message: "Bevakningen finns inte längre." }, { status: 404 });
  }
  return { ok: true as const, intent: `delete:${id}`, message: "Bevakningen är borttagen." };
}

function AlertRow({ alert }: { alert: PriceAlertView }) {
  const form = useActionForm<FormOutcome>({ intent: `delete:${alert.id}`, key: `delete:${alert.id}` });
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-lg border p-4" data-testid="price-alert-row">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{alert.label}</p>
        <p className="text-sm text-muted-foreground">
          Mål {formatSek(alert.targetOre)} · vi betalar nu {formatSek(alert.lastValueOre)}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">
          {alert.firedAt ? `Senast nått ${formatLongDateTime(alert.firedAt)}` : `Skapad ${formatLongDateTime(alert.createdAt)}`}
        </p>
      </div>
      <div className="flex items-center gap-3">
        {alert.reached ? <Badge>Målet nått</Badge> : <Badge variant="secondary">Bevakas</Badge>}
        <form.Form method="post" onSubmit={form.onSubmit}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={alert.id} />
          <Button type="submit" size="sm" variant="outline" disabled={form.busy}>
            {form.busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : <Trash2 className="size-4" aria-hidden="true" />}
            Ta bort<span className="sr-only"> bevakningen av {alert.label}</span>
          </Button>
        </form.Form>
      </div>
    </li>
  );
}

export default function PriceAlerts({ loaderData }: Route.ComponentProps) {
  const { alerts } = loaderData;
  return (
    <>
      <PageIntro title="Mina prisbevakningar" lead={`Vi mejlar dig när vi betalar ditt målpris. Du kan ha ${PRICE_ALERTS.maxPerMember} bevakningar.`} breadcrumbs={BREADCRUMBS} />
      <div className="mx-auto grid max-w-3xl gap-4 px-4 py-8">
        {alerts.length === 0 ? (
          <p className="rounded-lg border p-6 text-center" data-testid="price-alerts-empty">
            Du har inga prisbevakningar.{" "}
            <Link to="/salja/vardering" className="font-medium text-primary underline underline-offset-4">
              Värdera ditt lager
            </Link>{" "}
            och välj "Bevaka priset" på ett föremål eller hela lagret.
          </p>
        ) : (
          <ul className="grid gap-3">
            {alerts.map((alert) => (
              <AlertRow key={alert.id} alert={alert} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
