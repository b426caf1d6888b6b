import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { ArrowRight, BellRing, CircleCheck, Clock, CreditCard, PackageCheck, Rocket } from "~/components/ui/icons";
import type { Route } from "./+types/kop-skins";
import { FaqAccordion } from "~/components/content/faq-accordion";
import { FeatureGrid } from "~/components/content/feature-grid";
import { LiveChatButton } from "~/components/content/live-chat-button";
import { HERO_OUTLINE_BUTTON, PageHero } from "~/components/content/page-hero";
import { Section } from "~/components/content/section";
import { StepList } from "~/components/content/step-list";
import { TestimonialCard } from "~/components/content/testimonial-card";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { SUPPORT_HOURS } from "~/modules/support/support-constants";
import { CLAIMS } from "~/modules/marketing/claims";
import { keepRetryAfter } from "~/lib/route-headers";
import { badRequest, clientIp, readInput, tooManyRequests, typedValues, validate } from "~/lib/http.server";
import { faqNode, pageMeta } from "~/lib/seo";
import { useActionForm, type FormOutcome } from "~/lib/use-action-form";
import { BUY_FAQ, BUY_STEPS, BUY_TESTIMONIAL, BUY_TRUST } from "~/components/content/marketing-content";
import {
  LAUNCH_NOTIFICATION_SUCCESS,
  launchNotificationSchema,
} from "~/modules/marketing/launch-notification";
import {
  LAUNCH_NOTIFICATION_RATE_LIMIT,
  requestLaunchNotification,
} from "~/modules/marketing/launch-notifications.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { consumeRateLimit } from "~/platform/rate-limit/rate-limiter.server";

const BREADCRUMBS = [{ name: "Köp skins", path: "/kop-skins" }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Köp CS2-skins – tryggt via livechatt",
    description: `Köp CS2-skins via vår svenska livechatt ${SUPPORT_HOURS.label}. Betala med Swish eller kort och få skinsen i Steam. Köp direkt på sajten kommer snart.`,
    path: "/kop-skins",
    breadcrumbs: BREADCRUMBS,
    jsonLd: [faqNode(BUY_FAQ)],
  });

// A 429 keeps its Retry-After (app/lib/route-headers.ts).
export const headers = keepRetryAfter;

/** The launch notification sign-up: validated, rate-limited per IP, stored once per address. */
export async function action({ request, context }: Route.ActionArgs) {
  const limit = await consumeRateLimit(db(), LAUNCH_NOTIFICATION_RATE_LIMIT, "ip", clientIp(context));
  if (!limit.allowed) return tooManyRequests(limit);
  const input = await readInput(request);
  if (!input.ok) return input.response;
  const parsed = validate(input.data, launchNotificationSchema, { values: typedValues(input.data) });
  if (!parsed.ok) return parsed.response;
  try {
    const { created } = await requestLaunchNotification(db(), parsed.data.email);
    if (created) logger.info("launch notification requested");
  } catch (error) {
    logger.error({ err: error }, "launch notification failed");
    return badRequest("Något gick fel. Försök igen senare.");
  }
  return { ok: true as const, message: LAUNCH_NOTIFICATION_SUCCESS };
}

function LaunchNotificationForm() {
  // Without JavaScript the form is a plain post and the answer arrives as the page's action data.
  const form = useActionForm<FormOutcome>({ key: "launch-notification", schema: launchNotificationSchema, toast: () => null });
  const successRef = useRef<HTMLParagraphElement>(null);
  const outcome = form.outcome;
  const succeeded = outcome?.ok === true;
  const error = outcome && !outcome.ok ? (form.fieldErrors.email ?? outcome.message) : null;
  const busy = form.busy;

  useEffect(() => {
    if (succeeded && form.fetcher.data) successRef.current?.focus();
  }, [succeeded, form.fetcher.data]);

  if (succeeded) {
    return (
      <p
        ref={successRef}
        tabIndex={-1}
        role="status"
        data-testid="launch-notification-success"
        className="flex items-start gap-3 rounded-lg border border-success/40 bg-success/10 p-4 font-medium outline-none"
      >
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" width={20} height={20} />
        {LAUNCH_NOTIFICATION_SUCCESS}
      </p>
    );
  }

  return (
    <form.Form method="post" noValidate className="space-y-2" onSubmit={form.onSubmit}>
      <Label htmlFor="launch-email">E-postadress</Label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Input
          id="launch-email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="din@epost.se"
          required
          defaultValue={form.typed("email")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "launch-email-error" : "launch-email-hint"}
          className="h-11 sm:flex-1"
        />
        <Button type="submit" size="lg" disabled={busy}>
          <BellRing className="size-5" aria-hidden="true" width={20} height={20} />
          {busy ? "Skickar..." : "Meddela mig"}
        </Button>
      </div>
      <p id="launch-email-hint" className="text-sm text-muted-foreground">
        Ett enda mejl när butiken öppnar. Vi delar aldrig din adress.
      </p>
      <p id="launch-email-error" role="alert" className="text-sm font-medium text-destructive empty:hidden">
        {error ?? ""}
      </p>
    </form.Form>
  );
}

export default function BuySkins() {
  return (
    <>
      <PageHero
        breadcrumbs={BREADCRUMBS}
        eyebrow={
          <>
            <Clock className="size-4 text-orange-300" aria-hidden="true" width={16} height={16} />
            Livechatt {SUPPORT_HOURS.label}
          </>
        }
        title="Köp CS2-skins tryggt och enkelt"
        lead={
          <p>
            Berätta vilken skin du drömmer om, så hittar vi den åt dig. Just nu sköter vi alla köp personligen i
            livechatten – snart kan du även handla direkt här på sajten.
          </p>
        }
        aside={
          <div className="space-y-4 rounded-xl bg-white/10 p-5 ring-1 ring-white/15 backdrop-blur">
            <h2 className="flex items-center gap-2 text-sm font-semibold text-white/90">
              <CreditCard className="size-4 text-orange-300" aria-hidden="true" width={16} height={16} />
              Betala med
            </h2>
            <ul className="flex flex-wrap gap-2">
              {CLAIMS.paymentMethods.map((method) => (
                <li key={method} className="rounded-md bg-white/10 px-3 py-1.5 text-sm font-semibold ring-1 ring-white/15">
                  {method}
                </li>
              ))}
            </ul>
            <p className="flex items-center gap-2 border-t border-white/10 pt-4 text-sm text-white/85">
              <PackageCheck className="size-4 text-orange-300" aria-hidden="true" width={16} height={16} />
              Leverans som trade-erbjudande i Steam när betalningen är klar
            </p>
          </div>
        }
      >
        <LiveChatButton className="text-base">Köp via livechatten</LiveChatButton>
        <Button asChild size="lg" variant="outline" className={HERO_OUTLINE_BUTTON}>
          <a href="#kommer-snart">
            <BellRing className="size-5" aria-hidden="true" width={20} height={20} />
            Få besked när butiken öppnar
          </a>
        </Button>
      </PageHero>

      <Section
        id="sa-koper-du"
        eyebrow="Tre steg"
        title="Så köper du skins i dag"
        lead={`Vi finns i livechatten ${SUPPORT_HOURS.label} och svarar oftast inom ${SUPPORT_HOURS.chatReplySeconds} sekunder.`}
      >
        <StepList steps={BUY_STEPS} />
      </Section>

      <section id="kommer-snart" aria-labelledby="kommer-snart-rubrik" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <div className="relative overflow-hidden rounded-2xl border-2 border-primary/30 bg-card p-6 shadow-sm sm:p-10">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -top-24 -right-24 size-64 rounded-full bg-primary/15 blur-3xl"
          />
          <div className="relative grid gap-8 lg:grid-cols-2 lg:items-center">
            <div>
              <Badge className="gap-1.5">
                <Rocket aria-hidden="true" width={12} height={12} />
                Kommer snart
              </Badge>
              <h2 id="kommer-snart-rubrik" className="mt-4 text-3xl font-bold tracking-tight text-balance">
                Köp skins direkt på sajten
              </h2>
              <p className="mt-3 text-lg text-muted-foreground">
                Vi bygger en butik där du själv kan bläddra, betala och få dina skins levererade utan att
                vänta på en chatt. Tills den öppnar hjälper vi dig personligen i livechatten{" "}
                {SUPPORT_HOURS.label}.
              </p>
            </div>
            <div>
              <h3 className="mb-3 text-lg font-semibold">Få ett mejl när butiken öppnar</h3>
              <LaunchNotificationForm />
            </div>
          </div>
        </div>
      </section>

      <Section id="trygghet" tone="muted" eyebrow="Trygghet" title="Tryggt att handla hos oss">
        <FeatureGrid items={BUY_TRUST} />
      </Section>

      <Section id="kundomdome" eyebrow="Omdöme" title="En nöjd köpare" align="center">
        <div className="mx-auto max-w-2xl text-lg">
          <TestimonialCard testimonial={BUY_TESTIMONIAL} />
        </div>
        <p className="mt-8 text-center">
          <Link to="/omdomen" className="inline-flex items-center gap-1 font-medium text-primary hover:underline">
            Läs fler omdömen
            <ArrowRight className="size-4" aria-hidden="true" width={16} height={16} />
          </Link>
        </p>
      </Section>

      <Section id="vanliga-fragor" tone="muted" eyebrow="Frågor och svar" title="Vanliga frågor om att köpa">
        <div className="max-w-3xl">
          <FaqAccordion items={BUY_FAQ} />
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <LiveChatButton>Fråga oss i chatten</LiveChatButton>
            <Button asChild size="lg" variant="outline">
              <Link to="/faq">Fler frågor och svar</Link>
            </Button>
          </div>
        </div>
      </Section>
    </>
  );
}
