/**
 * The other ways to reach support beside the contact form on /kontakta-oss: live chat, e-mail,
 * opening hours and the FAQ.
 */
import { Link } from "react-router";
import { ArrowRight, Clock, ExternalLink, HelpCircle, Mail, MapPin, MessageCircle } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { COMPANY } from "~/lib/company";
import { SUPPORT_HOURS } from "~/modules/support/support-constants";

export function ContactChannels({ liveChatUrl, supportEmail }: { liveChatUrl: string; supportEmail: string }) {
  return (
    <aside aria-label="Andra sätt att nå oss" className="space-y-6">
      <section aria-labelledby="livechatt" className="rounded-2xl bg-gradient-to-br from-hero-from to-hero-to p-6 text-white shadow-sm">
        <div className="flex items-center gap-3">
          <span className="inline-flex size-10 items-center justify-center rounded-lg bg-white/10 ring-1 ring-white/20">
            <MessageCircle className="size-5 text-orange-300" aria-hidden="true" />
          </span>
          <h2 id="livechatt" className="text-lg font-semibold">
            Livechatt
          </h2>
        </div>
        <p className="mt-3 text-white/80">
          Snabbaste vägen till svar – vi svarar oftast inom {SUPPORT_HOURS.chatReplySeconds} sekunder.
          Här gör vi också upp köp och försäljningar.
        </p>
        <Button asChild size="lg" className="mt-5 w-full">
          <a href={liveChatUrl} target="_blank" rel="noopener noreferrer">
            Öppna livechatten
            <ExternalLink aria-hidden="true" />
            <span className="sr-only">(öppnas i en ny flik)</span>
          </a>
        </Button>
      </section>

      <section aria-labelledby="epost" className="rounded-2xl border bg-card p-6 shadow-sm">
        <div className="flex items-center gap-3">
          <span className="inline-flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <Mail className="size-5" aria-hidden="true" />
          </span>
          <h2 id="epost" className="text-lg font-semibold">
            E-post
          </h2>
        </div>
        <dl className="mt-4 space-y-3 text-sm">
          <div>
            <dt className="text-muted-foreground">Adress</dt>
            <dd>
              <a href={`mailto:${supportEmail}`} className="font-medium text-orange-700 underline underline-offset-4 hover:no-underline dark:text-primary">
                {supportEmail}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Svarstid</dt>
            <dd className="font-medium">Inom {SUPPORT_HOURS.emailReplyHours} timmar</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="oppettider" className="rounded-2xl border bg-card p-6 shadow-sm">
        <div className="flex items-center gap-3">
          <span className="inline-flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <Clock className="size-5" aria-hidden="true" />
          </span>
          <h2 id="oppettider" className="text-lg font-semibold">
            Öppettider
          </h2>
        </div>
        <dl className="mt-4 divide-y text-sm">
          <div className="flex justify-between gap-4 py-2">
            <dt className="text-muted-foreground">E-post</dt>
            <dd className="text-right font-medium">Dygnet runt</dd>
          </div>
          <div className="flex justify-between gap-4 py-2">
            <dt className="text-muted-foreground">Livechatt</dt>
            <dd className="text-right font-medium">
              {SUPPORT_HOURS.opens}–{SUPPORT_HOURS.closes} {SUPPORT_HOURS.days}, året runt
            </dd>
          </div>
          <div className="flex justify-between gap-4 py-2">
            <dt className="text-muted-foreground">Tekniska problem</dt>
            <dd className="text-right font-medium">Lösta inom {SUPPORT_HOURS.technicalFixHours} timmar</dd>
          </div>
        </dl>
        <p className="mt-4 flex items-start gap-2 text-sm text-muted-foreground">
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Svenskt aktiebolag i {COMPANY.city}
        </p>
      </section>

      <section aria-labelledby="sjalvhjalp" className="rounded-2xl border bg-card p-6 shadow-sm">
        <div className="flex items-center gap-3">
          <span className="inline-flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <HelpCircle className="size-5" aria-hidden="true" />
          </span>
          <h2 id="sjalvhjalp" className="text-lg font-semibold">
            Hitta svaret direkt
          </h2>
        </div>
        <p className="mt-3 text-sm text-muted-foreground">
          Utbetalningstider, avgifter, Trade Protection och säkerhet – de vanligaste frågorna har vi
          redan besvarat.
        </p>
        <Button asChild variant="outline" className="mt-4 w-full">
          <Link to="/faq">
            Till vanliga frågor
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </section>
    </aside>
  );
}
