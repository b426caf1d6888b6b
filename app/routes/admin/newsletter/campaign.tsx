/**
 * /admin/newsletter/kampanjer/:campaignId (admin only; docs/rules/newsletter.md#campaigns): a
 * campaign's preview (the mail template as a recipient sees it), a test send to oneself, the
 * draft's editor, sending to a list behind a confirmation that states the number of
 * recipients, and while it sends its progress, refreshed every few seconds. Recipients whose
 * outcome is unknown are listed to be resent, one or all, after a confirmation.
 */
import { useSearchParams } from "react-router";
import { Eye, Mail } from "~/components/ui/icons";
import type { Route } from "./+types/campaign";
import { adminMeta } from "~/components/admin/admin-meta";
import { usePollWhile } from "~/components/admin/newsletter/use-poll-while";
import { BackLink } from "~/components/admin/list-parts";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { CampaignForm, type CampaignFormFailure } from "~/components/admin/newsletter/campaign-form";
import { CampaignProgress, CampaignStatusBadge } from "~/components/admin/newsletter/campaign-progress";
import { RecipientList, SEND, SendButton, type CampaignAnswer } from "~/components/admin/newsletter/campaign-recipients";
import { NewsletterNav } from "~/components/admin/newsletter/newsletter-nav";
import { formatDateTime } from "~/lib/format";
import { useStaffForm } from "~/components/admin/staff-outcome";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { MAIL_LIST_LABELS } from "~/modules/newsletter/campaign-rules";
import { campaignAction, loadCampaign } from "~/modules/newsletter/campaigns-page.server";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "newsletter");

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadCampaign(request, params.campaignId);
}

export async function action({ request, params }: Route.ActionArgs) {
  return campaignAction(request, params.campaignId);
}

export const ErrorBoundary = AdminTabError;

/** How often the page refreshes its progress while the campaign sends. */
const POLL_MS = 2_000;

type Answer = CampaignAnswer;

export default function CampaignPage({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign, unknown, failed, listCounts, staffEmail, preview } = loaderData;
  const { fetcher } = useStaffForm<Answer>({ key: `campaign-${campaign.id}` });
  const answer = actionData as (Answer & { fieldErrors?: Partial<Record<string, string>> }) | undefined;
  const saveFailure = answer && !answer.ok && answer.intent === "save" ? (answer as CampaignFormFailure) : null;
  const [params] = useSearchParams();
  const sending = campaign.status === "sending";
  usePollWhile(sending, POLL_MS);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-8">
      <NewsletterNav />
      <div className="grid gap-2">
        <BackLink to="/admin/newsletter/kampanjer">Till kampanjerna</BackLink>
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-semibold break-words" data-testid="campaign-title">
            {campaign.subject}
          </h2>
          <CampaignStatusBadge status={campaign.status} />
          {campaign.list ? <span className="text-sm text-muted-foreground">{MAIL_LIST_LABELS[campaign.list]}</span> : null}
        </div>
      </div>

      {params.get("sparad") && campaign.status === "draft" && !answer ? (
        <FormAlert tone="success" title="Utkastet är sparat">
          Förhandsgranska det nedan, skicka ett test till dig själv och skicka det när det är klart.
        </FormAlert>
      ) : null}
      {answer && answer.intent !== "save" ? (
        // An answer without JavaScript (the forms post as navigations then).
        <FormAlert tone={answer.ok ? "success" : "error"} title={answer.title}>
          {answer.message}
        </FormAlert>
      ) : null}

      {campaign.status === "draft" ? null : (
        <section aria-labelledby="campaign-progress-title" className="grid gap-3">
          <h3 id="campaign-progress-title" className="text-base font-semibold">
            Förlopp
          </h3>
          <CampaignProgress progress={campaign.progress} label="Kampanjens förlopp" />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {sending
              ? "Skickas just nu – siffrorna uppdateras av sig själva."
              : campaign.finishedAt
                ? `Klar ${formatDateTime(campaign.finishedAt)}.`
                : ""}
          </p>
        </section>
      )}

      <RecipientList
        id="campaign-unknown"
        title="Okänt utfall"
        intro="Sändningen avbröts efter att den påbörjades och innan e-postservern svarade, så vi vet inte om mejlet kom fram. De skickas aldrig om automatiskt."
        page={unknown}
        param="okanda"
        fetcher={fetcher}
      />
      <RecipientList
        id="campaign-failed"
        title="Misslyckade"
        intro="E-postservern tog inte emot mejlet, inte heller efter flera försök."
        page={failed}
        param="misslyckade"
        fetcher={null}
      />

      {campaign.status === "draft" && listCounts ? (
        <section aria-labelledby="campaign-send-title" className="grid gap-3 rounded-xl border bg-card p-4 sm:p-6">
          <h3 id="campaign-send-title" className="text-base font-semibold">
            Skicka
          </h3>
          <p className="text-sm text-muted-foreground">
            Nyhetsbrevet går till {SEND.newsletter.who(listCounts.newsletter)}; lanseringsutskicket till {SEND.launch.who(listCounts.launch)}.
          </p>
          <div className="flex flex-wrap gap-2">
            <SendButton list="newsletter" recipients={listCounts.newsletter} fetcher={fetcher} />
            <SendButton list="launch" recipients={listCounts.launch} fetcher={fetcher} />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="campaign-preview-title" className="grid min-w-0 gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="campaign-preview-title" className="flex items-center gap-2 text-base font-semibold">
            <Eye className="size-4" aria-hidden="true" />
            Förhandsvisning
          </h3>
          <fetcher.Form method="post" className="min-w-0">
            <input type="hidden" name="intent" value="test" />
            {/* Wraps on a phone: a long address must not push the page wider than the screen. */}
            <Button
              type="submit"
              variant="outline"
              size="sm"
              className="h-auto min-h-8 py-1.5 text-left whitespace-normal"
              disabled={fetcher.state !== "idle"}
              data-testid="campaign-test"
            >
              <Mail className="size-4" aria-hidden="true" />
              <span className="min-w-0 wrap-anywhere">Skicka test till {staffEmail}</span>
            </Button>
          </fetcher.Form>
        </div>
        <iframe
          title={`Förhandsvisning av ${campaign.subject}`}
          srcDoc={preview}
          sandbox=""
          className="h-[32rem] w-full rounded-xl border bg-white"
          data-testid="campaign-preview"
        />
      </section>

      {campaign.status === "draft" ? (
        <section aria-labelledby="campaign-edit-title" className="grid min-w-0 gap-3">
          <h3 id="campaign-edit-title" className="text-base font-semibold">
            Redigera
          </h3>
          <CampaignForm
            key={campaign.updatedAt}
            initial={{ subject: campaign.subject, body: campaign.bodyHtml }}
            failure={saveFailure}
            submitLabel="Spara"
            intent="save"
          />
        </section>
      ) : null}
    </div>
  );
}
