import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import { CheckCircle2, Loader2 } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NEWSLETTER, NEWSLETTER_OPT_IN } from "~/modules/newsletter/newsletter-constants";
import { cn } from "~/lib/cn";
import { useActionForm } from "~/lib/use-action-form";
import {
  NEWSLETTER_FORM_PARAM,
  NEWSLETTER_STATUS,
  NEWSLETTER_STATUS_PARAM,
  parseNewsletterStatus,
  type NewsletterSource,
} from "~/modules/newsletter/newsletter";

/** What /api/newsletter answers (or the outcome its redirect carries). */
interface NewsletterOutcome {
  ok: boolean;
  message?: string;
  hint?: string;
}

interface NewsletterFormProps {
  source: NewsletterSource;
  /** Visible label; the footer hides it (its heading says what the field is for). */
  label?: string;
  hideLabel?: boolean;
  buttonLabel?: string;
  className?: string;
  /** Stacks the field and button (narrow sidebars). */
  stacked?: boolean;
}

/**
 * Newsletter sign-up (docs/rules/site.md#footer-newsletter) for the footer and the blog. A success
 * adds a second line asking to confirm by mail (double opt-in). Without
 * JavaScript it is a plain form post and the server sends the page back with the outcome in the
 * URL; with JavaScript (the one form hook, docs/decisions/033-client-form-path.md) it validates
 * with the shared schema, posts through a fetcher and shows its message inline in a live region
 * and once as a toast — never window.alert.
 */
export function NewsletterForm({
  source,
  label = "E-postadress",
  hideLabel = false,
  buttonLabel = "Prenumerera",
  className,
  stacked = false,
}: NewsletterFormProps) {
  const id = useId();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState("");

  // The answer to a sign-up posted without JavaScript, meant for this form.
  const redirected = parseNewsletterStatus(searchParams.get(NEWSLETTER_STATUS_PARAM));
  const redirectedHere = redirected && (searchParams.get(NEWSLETTER_FORM_PARAM) ?? "footer") === source;
  const form = useActionForm<NewsletterOutcome>({
    fallback: redirectedHere ? { ok: redirected === "ok", message: NEWSLETTER_STATUS[redirected] } : null,
    check: async (values) => {
      // The shared schema (and zod) loads with the first submit, not with the page.
      const { checkNewsletterInput } = await import("~/modules/newsletter/newsletter-schema");
      const parsed = checkNewsletterInput({ email: values.email ?? "", source });
      return parsed.ok ? null : { message: parsed.message, fieldErrors: { email: parsed.message } };
    },
    toast: (outcome) => ({ tone: outcome.ok ? "success" : "error", title: outcome.message ?? NEWSLETTER.failure }),
    onOutcome: (outcome) => {
      if (outcome.ok) setEmail("");
    },
  });
  const busy = form.busy;
  const shown = form.outcome ? { ok: form.outcome.ok, message: form.outcome.message ?? NEWSLETTER.failure } : null;

  const inputId = `${id}-email`;
  const messageId = `${id}-message`;
  return (
    <form.Form
      id={`nyhetsbrev-${source}`}
      method="post"
      action="/api/newsletter"
      noValidate
      onSubmit={form.onSubmit}
      className={cn("flex flex-col gap-2", className)}
      data-testid={`newsletter-${source}`}
    >
      <input type="hidden" name="source" value={source} />
      <Label htmlFor={inputId} className={hideLabel ? "sr-only" : undefined}>
        {label}
      </Label>
      <div className={cn("flex gap-2", stacked && "flex-col")}>
        <Input
          id={inputId}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="din@epost.se"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={shown && !shown.ok ? true : undefined}
          aria-describedby={messageId}
        />
        <Button type="submit" disabled={busy} className={stacked ? "w-full" : undefined}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {buttonLabel}
        </Button>
      </div>
      <p
        id={messageId}
        role="status"
        aria-live="polite"
        className={cn(
          "min-h-5 text-sm",
          shown?.ok ? "text-success-text" : "text-destructive",
        )}
      >
        {shown ? (
          <span className="inline-flex items-start gap-1.5">
            {shown.ok ? <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> : null}
            <span className="grid gap-0.5">
              <span>{shown.message}</span>
              {shown.ok ? <span data-testid={`newsletter-${source}-hint`}>{NEWSLETTER_OPT_IN.confirmHint}</span> : null}
            </span>
          </span>
        ) : null}
      </p>
    </form.Form>
  );
}
