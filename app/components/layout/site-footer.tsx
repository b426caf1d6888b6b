import { CLAIMS } from "~/modules/marketing/claims";
import { Link } from "react-router";
import { Clock, Mail, MapPin } from "~/components/ui/icons";
import { NewsletterForm } from "~/components/content/newsletter-form";
import { COMPANY } from "~/lib/company";
import { SUPPORT_HOURS } from "~/modules/support/support-constants";
import { usePublicConfig } from "~/lib/site-config";
import { openCookieSettings } from "~/modules/consent/consent-storage";
import { Logo } from "./logo";
import { LEGAL_LINKS, MAIN_NAV, RESOURCE_LINKS } from "./navigation";
import { PaymentBadges } from "./payment-badges";

export function SiteFooter() {
  const { siteName, supportEmail } = usePublicConfig();
  const year = new Date().getFullYear();

  return (
    <footer className="mt-16 border-t bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className="sr-only">
            Om {siteName}
          </h2>
          <Logo siteName={siteName} />
          <p className="mt-4 text-sm text-muted-foreground">
            Svenskt aktiebolag i {COMPANY.city} som köper CS2-skins {CLAIMS.since}.
            Inga avgifter och utbetalning via Swish, bank eller krypto.
          </p>
          <p className="mt-4 flex items-start gap-2 text-sm text-muted-foreground">
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {COMPANY.city}, {COMPANY.countryName}
          </p>
        </section>

        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="text-sm font-semibold">
            Utforska
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm md:grid-cols-1">
            {[...MAIN_NAV.slice(0, 3), ...RESOURCE_LINKS].map((item) => (
              <li key={`${item.to}-${item.label}`}>
                <Link to={item.to} className="text-muted-foreground hover:text-foreground hover:underline">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-sm font-semibold">
            Kontakt och öppettider
          </h2>
          <ul className="mt-4 space-y-3 text-sm text-muted-foreground">
            <li className="flex items-start gap-2">
              <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <a href={`mailto:${supportEmail}`} className="hover:text-foreground hover:underline">
                {supportEmail}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                Support på svenska {SUPPORT_HOURS.label}
                <br />
                Svar på e-post inom {SUPPORT_HOURS.emailReplyHours} timmar
              </span>
            </li>
          </ul>
          <div className="mt-5">
            <PaymentBadges />
          </div>
        </section>

        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="text-sm font-semibold">
            Nyhetsbrev
          </h2>
          <p className="mt-4 text-sm text-muted-foreground">
            Marknadsanalyser, kampanjer och nyheter direkt i inkorgen.
          </p>
          <NewsletterForm source="footer" hideLabel className="mt-4" />
        </section>
      </div>

      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-xs text-muted-foreground sm:px-6 md:flex-row md:items-center md:justify-between">
          <p>
            © {year} {siteName}. Alla rättigheter förbehållna.
          </p>
          <nav aria-label="Juridiska länkar">
            <ul className="flex flex-wrap gap-x-4 gap-y-2">
              {LEGAL_LINKS.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className="hover:text-foreground hover:underline">
                    {item.label}
                  </Link>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  onClick={openCookieSettings}
                  className="cursor-pointer rounded-sm hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  Cookie-inställningar
                </button>
              </li>
            </ul>
          </nav>
        </div>
        <p className="mx-auto max-w-7xl px-4 pb-6 text-xs text-muted-foreground sm:px-6">
          {COMPANY.publisherDisclaimer}
        </p>
      </div>
    </footer>
  );
}
