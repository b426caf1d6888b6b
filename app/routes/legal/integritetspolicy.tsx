import type { Route } from "./+types/integritetspolicy";
import { LegalPage } from "~/components/content/legal-page";
import { pageMeta } from "~/lib/seo";
import { usePublicConfig } from "~/lib/site-config";
import { LEGAL_LAST_UPDATED } from "~/modules/legal/legal";
import { privacySections } from "~/components/content/privacy-content";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Integritetspolicy",
    description:
      "Hur vi behandlar dina personuppgifter enligt GDPR: vilka uppgifter, varför, rättslig grund, hur länge de sparas, vilka vi delar dem med och dina rättigheter.",
    path: "/integritetspolicy",
    breadcrumbs: [{ name: "Integritetspolicy", path: "/integritetspolicy" }],
  });

export default function PrivacyPolicyPage() {
  const sections = privacySections(usePublicConfig());

  return (
    <LegalPage
      title="Integritetspolicy"
      path="/integritetspolicy"
      updated={LEGAL_LAST_UPDATED}
      sections={sections}
      lead={
        <p>
          Så behandlar vi dina personuppgifter när du säljer, köper eller bara besöker oss – och vilka
          rättigheter du har enligt dataskyddsförordningen (GDPR).
        </p>
      }
    />
  );
}
