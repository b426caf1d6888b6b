/**
 * /admin/seo/omdomen (admin only; docs/decisions/055-site-figures.md): the review ratings and
 * counts the public pages show, one card per platform with its public source link. A platform
 * without a saved source shows nothing on the site.
 */
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/reviews";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { FormTokenField } from "~/components/ui/form-token-field";
import { ArrowLeft, Save, Star, Trash2 } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { formatNumber } from "~/lib/format";
import { REVIEW_SOURCE_LIMITS } from "~/modules/marketing/marketing-constants";
import { handleReviewSourcesAction, loadReviewSourcesPage } from "~/modules/marketing/review-sources-page.server";
import { formatRating, type ReviewSource } from "~/modules/marketing/site-figures";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "seo");

export async function loader({ request }: Route.LoaderArgs) {
  return loadReviewSourcesPage(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handleReviewSourcesAction(request);
}

export const ErrorBoundary = AdminTabError;

interface Answer {
  ok: boolean;
  intent?: string;
  platform?: string;
  title?: string;
  message: string;
  fieldErrors?: Partial<Record<string, string>>;
  values?: Record<string, string>;
}

function SourceForm({
  platform,
  source,
  formToken,
  answer,
  busy,
}: {
  platform: string;
  source: ReviewSource | undefined;
  formToken: string;
  answer: Answer | null;
  busy: boolean;
}) {
  const errors = answer && !answer.ok ? (answer.fieldErrors ?? {}) : {};
  const id = `review-${platform.toLowerCase()}`;
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm" data-testid={`${id}-card`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-lg font-semibold">
          {platform}
        </h3>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          {source ? (
            <>
              <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
              Visas: {formatRating(source.rating)} · {formatNumber(source.count)} omdömen
            </>
          ) : (
            "Visas inte på sajten"
          )}
        </p>
      </div>
      {answer ? (
        <FormAlert tone={answer.ok ? "success" : "error"} title={answer.title}>
          {answer.message}
        </FormAlert>
      ) : null}
      <Form method="post" className="grid gap-4" noValidate data-testid={`${id}-form`}>
        <FormTokenField token={formToken} />
        <input type="hidden" name="platform" value={platform} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-rating`} name="rating" label="Betyg (1,0–5,0)" required error={errors.rating}>
            {(control) => (
              <Input {...control} defaultValue={source ? formatRating(source.rating) : ""} inputMode="decimal" autoComplete="off" maxLength={3} />
            )}
          </FormField>
          <FormField id={`${id}-count`} name="count" label="Antal omdömen" required error={errors.count}>
            {(control) => <Input {...control} defaultValue={source ? String(source.count) : ""} inputMode="numeric" autoComplete="off" maxLength={10} />}
          </FormField>
        </div>
        <FormField
          id={`${id}-url`}
          name="url"
          label="Publik källa (länk)"
          required
          error={errors.url}
          hint="Sidan där besökare själva kan se betyget och omdömena. Bara https://."
        >
          {(control) => (
            <Input {...control} type="url" defaultValue={source?.url ?? ""} maxLength={REVIEW_SOURCE_LIMITS.urlMaxLength} autoComplete="off" spellCheck={false} />
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="save" disabled={busy}>
            <Save className="size-4" aria-hidden="true" />
            Spara {platform}
          </Button>
          {source ? (
            <Button type="submit" name="intent" value="remove" variant="outline" disabled={busy} formNoValidate>
              <Trash2 className="size-4" aria-hidden="true" />
              Sluta visa
            </Button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

export default function AdminReviewSources({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const answer = (actionData ?? null) as Answer | null;
  const answeredPlatform = answer?.platform ?? answer?.values?.platform;
  const { summary } = loaderData;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="grid gap-1">
        <Link to="/admin/seo" className="inline-flex items-center gap-1 text-sm">
          <ArrowLeft className="size-4" aria-hidden="true" />
          SEO-kontroll
        </Link>
        <h2 className="text-xl font-bold">Omdömen på sajten</h2>
        <p className="max-w-prose text-sm text-muted-foreground">
          Betyg och antal omdömen som startsidan, Omdömen och Om oss visar, var och en med en länk till sin publika källa. Snittbetyget
          räknas fram viktat efter antal. En plattform utan sparad källa visas inte.
          {summary.average === null ? null : ` Just nu: ${formatRating(summary.average)} av ${formatNumber(summary.total)} omdömen.`}
        </p>
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        {loaderData.platforms.map((platform) => (
          <SourceForm
            key={platform}
            platform={platform}
            source={summary.sources.find((source) => source.platform === platform)}
            formToken={loaderData.formToken}
            answer={answeredPlatform === platform ? answer : null}
            busy={busy}
          />
        ))}
      </div>
    </div>
  );
}
