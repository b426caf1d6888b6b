/**
 * The profile's referral section (docs/rules/loyalty.md#referrals): the member's own code —
 * created once, then shown with a copy button and a share link — and entering a friend's code
 * once, after which the form is replaced by the 'Referens Status' card.
 */
import { useEffect, useId, useState } from "react";
import { Check, Copy, Gift, Link2, UserPlus } from "~/components/ui/icons";
import { REFERRAL } from "~/modules/referrals/referrals-constants";
import { REFERRAL_STATUS } from "~/components/referrals/referral-status";
import { StatusBadge } from "~/components/ui/status-badge";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Progress } from "~/components/ui/progress";
import { cn } from "~/lib/cn";
import { formatMediumDate, formatPoints, formatSek } from "~/lib/format";
import { usePublicConfig } from "~/lib/site-config";
import { showOutcomeToast, useActionForm, type OutcomeToast } from "~/lib/use-action-form";
import {
  createReferralCodeSchema,
  enterReferralCodeSchema,
  normalizeReferralInput,
  REFERRAL_MESSAGES,
  referralCodeError,
} from "~/modules/referrals/referral-code";
import type { MemberReferralView } from "~/modules/referrals/referrals.server";

type ReferralActionResult = { ok: true; intent: string; message: string } | { ok: false; intent?: string; message: string };
type ReferralIntent = "referral-create" | "referral-enter";

/** A created code's refusal is read by its field; entering a friend's code also says so in a toast. */
function createToast(result: ReferralActionResult): OutcomeToast | null {
  return result.ok ? { tone: "success", title: result.message } : null;
}

function enterToast(result: ReferralActionResult): OutcomeToast {
  return result.ok ? { tone: "success", title: result.message } : { tone: "error", title: "Fel", description: result.message };
}

/**
 * One referral form's hook (decision 033). It lives here, above the forms: a success replaces
 * the form (the code card, the status card), so the form itself is gone by the time its answer
 * arrives. The fetcher is keyed by the intent.
 */
function useReferralForm(intent: ReferralIntent) {
  return useActionForm<ReferralActionResult>({
    key: intent,
    intent,
    schema: intent === "referral-create" ? createReferralCodeSchema : enterReferralCodeSchema,
    toast: intent === "referral-create" ? createToast : enterToast,
  });
}
type ReferralForm = ReturnType<typeof useReferralForm>;

export function ReferralSection({ referral }: { referral: MemberReferralView }) {
  const create = useReferralForm("referral-create");
  const enter = useReferralForm("referral-enter");
  // Without JavaScript the page the action returns says what happened; with it, the toast does.
  const saved = [create, enter].find((form) => form.fromPlainPost && form.outcome?.ok)?.outcome;
  return (
    <section aria-labelledby="referral-rubrik" className="grid grid-cols-1 gap-6 md:grid-cols-2" data-testid="referral-section">
      <h2 id="referral-rubrik" className="sr-only">
        Värva vänner
      </h2>
      {saved ? (
        <FormAlert tone="success" className="md:col-span-2">
          {saved.message}
        </FormAlert>
      ) : null}
      <OwnCodeCard code={referral.ownCode} friendsReferred={referral.friendsReferred} form={create} />
      {referral.referredBy ? <ReferralStatusCard referredBy={referral.referredBy} /> : <EnterCodeCard form={enter} />}
    </section>
  );
}

/** A code field that upper-cases, strips and caps what is typed, and says what is wrong with it. */
function CodeForm({
  intent,
  mode,
  label,
  submitLabel,
  busyLabel,
  form,
}: {
  intent: ReferralIntent;
  mode: "create" | "enter";
  label: string;
  submitLabel: string;
  busyLabel: string;
  form: ReferralForm;
}) {
  const [code, setCode] = useState(() => form.typed("code") ?? "");
  const [touched, setTouched] = useState(false);
  // The answer describes the code that was sent: typing again hides it.
  const [editedSinceSubmit, setEditedSinceSubmit] = useState(false);
  const id = useId();
  const error = referralCodeError(code, mode);
  const busy = form.busy;
  const outcome = form.outcome;
  const serverError = outcome && !outcome.ok && !editedSinceSubmit ? (form.fieldErrors.code ?? outcome.message) : null;

  const message = serverError ?? (touched || code ? (error ?? REFERRAL_MESSAGES.looksGood) : null);
  const good = !serverError && !error && Boolean(code);
  return (
    <form.Form
      method="post"
      className="grid grid-cols-1 gap-3"
      noValidate
      onSubmit={(event) => {
        setEditedSinceSubmit(false);
        form.onSubmit(event);
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <div className="grid min-w-0 grid-cols-1 gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={id}
            name="code"
            value={code}
            onChange={(event) => {
              setCode(normalizeReferralInput(event.target.value));
              setTouched(true);
              setEditedSinceSubmit(true);
            }}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={REFERRAL.codeMaxLength}
            placeholder="T.ex. SKIN2024"
            aria-invalid={Boolean(message) && !good}
            aria-describedby={message ? `${id}-meddelande` : undefined}
            className="font-mono uppercase tracking-wider"
          />
          {/* An empty field is not refused up front: before JavaScript the server's check answers. */}
          <Button type="submit" disabled={busy || (touched && Boolean(error))} className="shrink-0">
            {busy ? busyLabel : submitLabel}
          </Button>
        </div>
      </div>
      {message ? (
        <p
          id={`${id}-meddelande`}
          role={good ? "status" : "alert"}
          className={cn("text-sm", good ? "text-success-text" : "text-destructive")}
        >
          {message}
        </p>
      ) : null}
    </form.Form>
  );
}

function CopyButton({ value, label, testId }: { value: string; label: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      showOutcomeToast({ tone: "success", title: REFERRAL_MESSAGES.copied });
    } catch {
      showOutcomeToast({ tone: "error", title: "Kunde inte kopiera. Markera texten och kopiera den själv." });
    }
  }
  return (
    <Button type="button" variant="outline" size="sm" onClick={() => void copy()} data-testid={testId} aria-label={label} className="shrink-0">
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? REFERRAL_MESSAGES.copied : "Kopiera"}
    </Button>
  );
}

function OwnCodeCard({ code, friendsReferred, form }: { code: string | null; friendsReferred: number; form: ReferralForm }) {
  const { publicUrl } = usePublicConfig();
  const shareLink = code ? `${publicUrl}/?ref=${code}` : "";
  return (
    <Card className="min-w-0" data-testid="own-referral-code">
      <CardHeader>
        <CardTitle asChild>
          <h3 className="flex items-center gap-2">
            <UserPlus className="size-5 text-primary" aria-hidden="true" />
            Din värvningskod
          </h3>
        </CardTitle>
        <CardDescription>
          Bjud in vänner: ni får {formatPoints(REFERRAL.friendReward)} var när de anger din kod, och du får{" "}
          {formatPoints(REFERRAL.milestoneReward)} när en vän har handlat för {formatSek(REFERRAL.milestoneTradedSek * 100)}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4 [&>*]:min-w-0">
        {code ? (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-muted/40 p-4">
              <span className="font-mono text-2xl font-black tracking-widest" data-testid="referral-code-value">
                {code}
              </span>
              <CopyButton value={code} label="Kopiera din värvningskod" testId="copy-referral-code" />
            </div>
            <div className="grid min-w-0 grid-cols-1 gap-1.5">
              <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                <Link2 className="size-4" aria-hidden="true" />
                Din delningslänk
              </p>
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                <code className="min-w-0 flex-1 truncate rounded-md border bg-background px-3 py-2 text-sm" data-testid="referral-share-link">
                  {shareLink}
                </code>
                <CopyButton value={shareLink} label="Kopiera din delningslänk" testId="copy-referral-link" />
              </div>
            </div>
            <p className="text-sm text-muted-foreground" data-testid="friends-referred">
              {friendsReferred === 1 ? "1 vän har angett din kod." : `${friendsReferred} vänner har angett din kod.`}
            </p>
          </>
        ) : (
          <CodeForm
            intent="referral-create"
            mode="create"
            label="Välj din kod (4–12 tecken, A–Z och 0–9)"
            submitLabel="Skapa kod"
            busyLabel="Skapar..."
            form={form}
          />
        )}
      </CardContent>
    </Card>
  );
}

function EnterCodeCard({ form }: { form: ReferralForm }) {
  return (
    <Card className="min-w-0" data-testid="enter-referral-code">
      <CardHeader>
        <CardTitle asChild>
          <h3 className="flex items-center gap-2">
            <Gift className="size-5 text-primary" aria-hidden="true" />
            Har du en referenskod?
          </h3>
        </CardTitle>
        <CardDescription>
          Ange koden från vännen eller partnern som tipsade dig om oss. Du kan ange en kod en gång.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <CodeForm
          intent="referral-enter"
          mode="enter"
          label="Referenskod"
          submitLabel="Lägg till kod"
          busyLabel="Kontrollerar..."
          form={form}
        />
      </CardContent>
    </Card>
  );
}

function ReferralStatusCard({ referredBy }: { referredBy: NonNullable<MemberReferralView["referredBy"]> }) {
  const percent = Math.min(100, Math.floor((referredBy.tradedOre / referredBy.milestoneOre) * 100));
  const reached = referredBy.tradedOre >= referredBy.milestoneOre;
  return (
    <Card className="min-w-0" data-testid="referral-status">
      <CardHeader>
        <CardTitle asChild>
          <h3>Referens Status</h3>
        </CardTitle>
        <CardDescription>Du har angett en referenskod.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4 [&>*]:min-w-0">
        <dl className="grid gap-3 sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-sm text-muted-foreground">{referredBy.kind === "influencer" ? "Partner" : "Värvad av"}</dt>
            <dd className="mt-0.5 truncate font-medium" data-testid="referred-by-name">
              {referredBy.name}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">Datum</dt>
            <dd className="mt-0.5 font-medium">
              <time dateTime={referredBy.at}>{formatMediumDate(referredBy.at)}</time>
            </dd>
          </div>
        </dl>
        {referredBy.status !== "paid" ? (
          <p className="text-sm">
            <StatusBadge {...REFERRAL_STATUS[referredBy.status]} />{" "}
            {referredBy.status === "pending_review"
              ? "Belöningarna betalas ut när vi har granskat värvningen."
              : referredBy.status === "rejected"
                ? "Belöningarna för den här värvningen betalas inte ut."
                : `Du fick dina ${formatPoints(REFERRAL.friendReward)}.`}
          </p>
        ) : null}
        {referredBy.kind === "member" && referredBy.status !== "rejected" ? (
          <div className="grid gap-2">
            <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <span id="milstolpe-etikett" className="font-medium">
                Milstolpe: {formatSek(referredBy.tradedOre)} av {formatSek(referredBy.milestoneOre)}
              </span>
              <span className="text-muted-foreground">{percent} %</span>
            </div>
            <Progress value={percent} aria-labelledby="milstolpe-etikett" aria-valuetext={`${percent} procent`} />
            <p className="text-sm text-muted-foreground">
              {reached
                ? "Milstolpen är nådd – din referent har fått sin bonus."
                : `När du har handlat för ${formatSek(referredBy.milestoneOre)} får din referent ${formatPoints(REFERRAL.milestoneReward)}.`}
            </p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
