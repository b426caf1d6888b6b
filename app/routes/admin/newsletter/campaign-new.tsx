/** /admin/newsletter/kampanjer/ny (admin only; docs/rules/newsletter.md#campaigns): a new campaign, saved as a draft. */
import type { Route } from "./+types/campaign-new";
import { adminMeta } from "~/components/admin/admin-meta";
import { BackLink } from "~/components/admin/list-parts";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { CampaignForm, type CampaignFormFailure } from "~/components/admin/newsletter/campaign-form";
import { NewsletterNav } from "~/components/admin/newsletter/newsletter-nav";
import { createCampaignAction, loadNewCampaign } from "~/modules/newsletter/campaigns-page.server";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "newsletter");

export async function loader({ request }: Route.LoaderArgs) {
  return loadNewCampaign(request);
}

export async function action({ request }: Route.ActionArgs) {
  return createCampaignAction(request);
}

export const ErrorBoundary = AdminTabError;

export default function NewCampaign({ actionData }: Route.ComponentProps) {
  const failure = actionData && !actionData.ok ? (actionData as CampaignFormFailure) : null;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <NewsletterNav />
      <div className="grid gap-2">
        <BackLink to="/admin/newsletter/kampanjer">Till kampanjerna</BackLink>
        <h2 className="text-lg font-semibold">Ny kampanj</h2>
        <p className="max-w-prose text-sm text-muted-foreground">
          Kampanjen sparas som utkast. Sedan kan du förhandsgranska den, skicka ett test till dig själv och skicka den.
        </p>
      </div>
      <CampaignForm initial={{ subject: "", body: "" }} failure={failure} submitLabel="Spara utkast" />
    </div>
  );
}
