import { useRef } from "react";
import { Link } from "react-router";
import { CheckCircle2, MessageCircle, Send } from "~/components/ui/icons";
import type { Route } from "./+types/kontakta-oss";
import { ContactChannels } from "~/components/content/contact-channels";
import { PageIntro } from "~/components/content/page-intro";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { FormField } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/textarea";
import { SUPPORT_HOURS } from "~/modules/support/support-constants";
import { TEXT_LIMITS } from "~/platform/platform-constants";
import { keepRetryAfter } from "~/lib/route-headers";
import { pageMeta } from "~/lib/seo";
import { usePublicConfig } from "~/lib/site-config";
import { useActionForm } from "~/lib/use-action-form";
import type { FieldErrors } from "~/lib/validation";
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MESSAGES,
  contactSchema,
  type ContactField,
} from "~/modules/contact/contact";
import { handleContactAction, type ContactActionResult } from "~/modules/contact/contact-page.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Kontakta oss",
    description: `Frågor om en försäljning eller utbetalning? Chatta med oss ${SUPPORT_HOURS.opens}–${SUPPORT_HOURS.closes} ${SUPPORT_HOURS.days} eller skicka ett meddelande – vi svarar inom ${SUPPORT_HOURS.emailReplyHours} timmar.`,
    path: "/kontakta-oss",
    breadcrumbs: [{ name: "Kontakta oss", path: "/kontakta-oss" }],
  });

// A 429 keeps its Retry-After (app/lib/route-headers.ts).
export const headers = keepRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  return handleContactAction(request, context);
}

const FIELD_LABELS: Record<ContactField, string> = {
  name: "Namn",
  email: "E-postadress",
  phone: "Telefonnummer",
  subject: "Ämne",
  message: "Meddelande",
};

function contactToast(result: ContactActionResult) {
  if (result.ok) return { tone: "success" as const, title: CONTACT_MESSAGES.sentTitle, description: CONTACT_MESSAGES.sentDescription };
  // A field's message is shown by its field; only a form-wide failure is a toast.
  if (result.fieldErrors) return null;
  return { tone: "error" as const, title: CONTACT_MESSAGES.failedTitle, description: result.message };
}

function ContactForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useActionForm<ContactActionResult>({
    schema: contactSchema,
    toast: contactToast,
    onOutcome: (result) => {
      if (result.ok) formRef.current?.reset();
    },
  });
  const sending = form.busy;
  const errors: FieldErrors = form.fieldErrors;
  // Set only when the page posted without JavaScript: with it a form-wide failure is a toast.
  const posted = form.fromPlainPost ? form.outcome : undefined;
  const formError = posted && !posted.ok && !posted.fieldErrors ? posted.message : undefined;
  const values = posted && !posted.ok ? posted.values : undefined;

  const fieldProps = (field: ContactField) => ({ id: `contact-${field}`, name: field, error: errors[field] });
  const inputProps = (field: ContactField) => ({
    defaultValue: values?.[field] ?? "",
    onChange: () => form.clearField(field),
  });

  return (
    <form.Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={form.onSubmit}
      aria-labelledby="kontaktformular"
      className="space-y-5"
    >
      {posted?.ok && (
        <div role="status" className="flex gap-3 rounded-lg border border-success/40 bg-success/10 p-4 text-sm">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
          <p>
            <strong className="font-semibold">{CONTACT_MESSAGES.sentTitle}</strong>{" "}
            {CONTACT_MESSAGES.sentDescription}
          </p>
        </div>
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        <FormField {...fieldProps("name")} label={FIELD_LABELS.name} required>
          {(control) => (
            <Input {...control} {...inputProps("name")} autoComplete="name" maxLength={TEXT_LIMITS.name} />
          )}
        </FormField>
        <FormField {...fieldProps("email")} label={FIELD_LABELS.email} required>
          {(control) => (
            <Input
              {...control}
              {...inputProps("email")}
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={TEXT_LIMITS.email}
            />
          )}
        </FormField>
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <FormField {...fieldProps("phone")} label={FIELD_LABELS.phone} optional>
          {(control) => (
            <Input {...control} {...inputProps("phone")} type="tel" autoComplete="tel" maxLength={TEXT_LIMITS.phone} />
          )}
        </FormField>
        <FormField {...fieldProps("subject")} label={FIELD_LABELS.subject} required>
          {(control) => <Input {...control} {...inputProps("subject")} maxLength={TEXT_LIMITS.subject} />}
        </FormField>
      </div>

      <FormField {...fieldProps("message")} label={FIELD_LABELS.message} required>
        {(control) => (
          <Textarea
            {...control}
            {...inputProps("message")}
            rows={6}
            maxLength={TEXT_LIMITS.message}
            className="min-h-36"
            placeholder="Beskriv ditt ärende. Gäller det en affär? Ange gärna datum och vilka skins det handlar om."
          />
        )}
      </FormField>

      {/* Honeypot: people never see or reach it; bots that fill every field are answered
          "sent" and nothing is stored (see contact.server.ts). */}
      <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
        <label htmlFor="contact-website">Lämna det här fältet tomt</label>
        <input id="contact-website" name={CONTACT_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>

      {formError && (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm font-medium">
          {formError}
        </p>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          <span aria-hidden="true" className="text-destructive">*</span> Obligatoriskt fält. Vi använder
          uppgifterna bara för att svara dig – läs mer i vår{" "}
          <Link to="/integritetspolicy" className="font-medium text-orange-700 underline underline-offset-4 hover:no-underline dark:text-primary">
            integritetspolicy
          </Link>
          .
        </p>
        <Button type="submit" size="lg" disabled={sending} className="sm:min-w-48">
          <Send aria-hidden="true" />
          {sending ? "Skickar..." : "Skicka meddelande"}
        </Button>
      </div>
    </form.Form>
  );
}

export default function ContactPage() {
  const { liveChatUrl, supportEmail } = usePublicConfig();

  return (
    <>
      <PageIntro
        title="Kontakta oss"
        eyebrow="Svensk support"
        icon={<MessageCircle className="size-4 text-orange-300" aria-hidden="true" />}
        breadcrumbs={[{ name: "Kontakta oss", path: "/kontakta-oss" }]}
        lead={
          <p>
            Frågor om en försäljning, en utbetalning eller ditt konto? Chatta med oss för snabbast svar,
            eller skicka ett meddelande så återkommer vi inom {SUPPORT_HOURS.emailReplyHours} timmar.
          </p>
        }
      />

      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_24rem] lg:gap-10">
        <section aria-labelledby="kontaktformular" className="relative rounded-2xl lg:self-start border bg-card p-6 shadow-sm sm:p-8">
          <h2 id="kontaktformular" className="text-2xl font-bold tracking-tight">
            Skicka ett meddelande
          </h2>
          <p className="mt-1 mb-6 text-muted-foreground">
            Fyll i formuläret så hamnar ditt ärende direkt hos vår support.
          </p>
          <ContactForm />
        </section>

        <ContactChannels liveChatUrl={liveChatUrl} supportEmail={supportEmail} />
      </div>
    </>
  );
}
