import { Link } from "react-router";
import { Cookie, Settings2 } from "~/components/ui/icons";
import type { Route } from "./+types/cookie-policy";
import { LegalPage, type LegalSection } from "~/components/content/legal-page";
import { Button } from "~/components/ui/button";
import { COOKIE_CATEGORIES } from "~/modules/consent/consent-constants";
import { pageMeta } from "~/lib/seo";
import { usePublicConfig } from "~/lib/site-config";
import {
  CATEGORY_DESCRIPTIONS,
  CATEGORY_LABELS,
  STORAGE_KIND_LABELS,
  storageInventory,
  type StorageEntry,
} from "~/modules/legal/cookie-inventory";
import { LEGAL_LAST_UPDATED, RETENTION } from "~/modules/legal/legal";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Cookiepolicy",
    description:
      "Vilka cookies och vilken lokal lagring vi använder, varför, hur länge de sparas och hur du ändrar ditt samtycke.",
    path: "/cookie-policy",
    breadcrumbs: [{ name: "Cookiepolicy", path: "/cookie-policy" }],
  });

/** The consent layer listens for this event and opens its settings dialog. */
const COOKIE_SETTINGS_EVENT = "cookie-settings:open";

function CookieSettingsButton({ variant = "default" }: { variant?: "default" | "outline" }) {
  return (
    <Button
      type="button"
      size="lg"
      variant={variant}
      onClick={() => window.dispatchEvent(new Event(COOKIE_SETTINGS_EVENT))}
    >
      <Settings2 aria-hidden="true" />
      Ändra cookie-inställningar
    </Button>
  );
}

function StorageCard({ entry }: { entry: StorageEntry }) {
  return (
    <li className="rounded-xl border bg-card p-5 shadow-sm">
      <p className="break-all font-mono text-sm font-semibold">{entry.name}</p>
      <p className="mt-2 text-sm">{entry.purpose}</p>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Typ</dt>
          <dd>{STORAGE_KIND_LABELS[entry.kind]}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Livslängd</dt>
          <dd>{entry.lifetime}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Sätts av</dt>
          <dd>{entry.provider === "google" ? "Google (tredje part)" : "Oss (första part)"}</dd>
        </div>
      </dl>
      {entry.note && <p className="mt-3 text-sm text-muted-foreground">{entry.note}</p>}
    </li>
  );
}

export default function CookiePolicyPage() {
  const { siteName, supportEmail, gaMeasurementId } = usePublicConfig();
  const inventory = storageInventory(gaMeasurementId);

  const sections: LegalSection[] = [
    {
      id: "vad-ar-cookies",
      title: "Vad är cookies och lokal lagring?",
      body: (
        <>
          <p>
            En cookie är en liten textfil som en webbplats sparar i din webbläsare. Lokal lagring
            (localStorage) och sessionslagring (sessionStorage) fungerar på liknande sätt men skickas
            inte med till servern – de läses bara av sidan i din webbläsare. Sessionslagring töms när du
            stänger fliken, medan lokal lagring finns kvar tills den skrivs över eller du rensar den.
          </p>
          <p>
            Enligt lagen om elektronisk kommunikation får vi bara spara eller läsa sådan information om
            det behövs för att leverera tjänsten du har bett om, eller om du har samtyckt. Den här
            policyn beskriver allt som {siteName} sparar i din webbläsare.
          </p>
        </>
      ),
    },
    {
      id: "kategorier",
      title: "Kategorier och ditt samtycke",
      body: (
        <>
          <p>
            När du besöker oss första gången får du välja vilka kategorier du godkänner. Nödvändiga
            cookies är alltid på; allt annat är avstängt tills du själv slår på det.
          </p>
          <ul>
            {COOKIE_CATEGORIES.map((category) => (
              <li key={category}>
                <strong>{CATEGORY_LABELS[category]}.</strong> {CATEGORY_DESCRIPTIONS[category]}
              </li>
            ))}
          </ul>
        </>
      ),
    },
    {
      id: "forteckning",
      title: "Cookies och lagring vi använder",
      body: (
        <>
          <p>
            Här är varje cookie och varje nyckel i webbläsarens lagring, grupperade efter kategori.
            Listan hålls uppdaterad när vi lägger till eller tar bort något.
          </p>
          {COOKIE_CATEGORIES.map((category) => {
            const entries = inventory.filter((entry) => entry.category === category);
            return (
              <div key={category}>
                <h3>{CATEGORY_LABELS[category]}</h3>
                {entries.length > 0 ? (
                  <ul className="plain mt-3 space-y-3">
                    {entries.map((entry) => (
                      <StorageCard key={`${entry.kind}:${entry.name}`} entry={entry} />
                    ))}
                  </ul>
                ) : (
                  <p className="text-muted-foreground">Vi använder inga cookies i den här kategorin just nu.</p>
                )}
              </div>
            );
          })}
        </>
      ),
    },
    {
      id: "google-analytics",
      title: "Google Analytics",
      body: (
        <>
          <p>
            Om du godkänner analys laddar vi Google Analytics 4 från Google Ireland Ltd. Innan dess
            hämtas inget skript från Google och inga analyscookies sätts. Vi har slagit på
            IP-anonymisering och delar inte data med Google för annonsering.
          </p>
          <p>
            Statistiken sparas hos Google i {RETENTION.analyticsMonths} månader. Google kan föra över
            uppgifter till USA; överföringen sker enligt EU:s och USA:s dataskyddsramverk (Data Privacy
            Framework) och EU-kommissionens standardavtalsklausuler. Läs mer i vår{" "}
            <Link to="/integritetspolicy#overforing">integritetspolicy</Link>.
          </p>
          <p>
            Återkallar du ditt samtycke slutar vi skicka data och tar bort Googles analyscookies från
            din webbläsare.
          </p>
        </>
      ),
    },
    {
      id: "andra-val",
      title: "Så ändrar du ditt val",
      body: (
        <>
          <p>
            Du kan när som helst ändra eller återkalla ditt samtycke. Ändringen gäller direkt och
            påverkar inte hur vi behandlat uppgifter innan dess.
          </p>
          <div className="mt-5">
            <CookieSettingsButton variant="outline" />
          </div>
          <p>
            Du kan också radera cookies och lokal lagring i webbläsarens inställningar, oftast under
            Sekretess eller Integritet. Tänk på att du då loggas ut och att vi frågar om ditt samtycke
            igen nästa gång du besöker oss.
          </p>
        </>
      ),
    },
    {
      id: "kontakt",
      title: "Frågor",
      body: (
        <p>
          Har du frågor om hur vi använder cookies? Mejla oss på{" "}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a> eller använd vårt{" "}
          <Link to="/kontakta-oss">kontaktformulär</Link>. Hur vi behandlar personuppgifter i övrigt
          beskriver vi i <Link to="/integritetspolicy">integritetspolicyn</Link>.
        </p>
      ),
    },
  ];

  return (
    <LegalPage
      title="Cookiepolicy"
      path="/cookie-policy"
      updated={LEGAL_LAST_UPDATED}
      sections={sections}
      lead={
        <p>
          Vi sparar så lite som möjligt i din webbläsare. Här ser du exakt vad, varför och hur länge –
          och hur du ändrar dina val.
        </p>
      }
    >
      <div className="flex flex-wrap items-center gap-3">
        <CookieSettingsButton />
        <span className="inline-flex items-center gap-2 text-sm text-white/75">
          <Cookie className="size-4" aria-hidden="true" />
          Analys och marknadsföring är avstängda tills du säger ja.
        </span>
      </div>
    </LegalPage>
  );
}
