import type { Route } from "./+types/anvandarvillkor";
import { LegalPage } from "~/components/content/legal-page";
import { pageMeta } from "~/lib/seo";
import { usePublicConfig } from "~/lib/site-config";
import { LEGAL_LAST_UPDATED } from "~/modules/legal/legal";
import { termsSections } from "~/components/content/terms-content";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Användarvillkor",
    description:
      "Villkoren för att sälja och köpa CS2-skins hos oss: konto, priser, utbetalning, Trade Protection, poäng och VIP, värvningar, ansvar och tvister.",
    path: "/anvandarvillkor",
    breadcrumbs: [{ name: "Användarvillkor", path: "/anvandarvillkor" }],
  });

export default function TermsPage() {
  const sections = termsSections(usePublicConfig());

  return (
    <LegalPage
      title="Användarvillkor"
      path="/anvandarvillkor"
      updated={LEGAL_LAST_UPDATED}
      sections={sections}
      lead={
        <p>
          Villkoren för att sälja och köpa skins, tjäna poäng och använda vårt konto – skrivna för att gå
          att läsa.
        </p>
      }
    />
  );
}
