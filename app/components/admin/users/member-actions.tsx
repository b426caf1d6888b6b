/**
 * The staff actions on a member's page (docs/rules/admin.md#users), each behind the one
 * confirmation dialog. Every control sits in a real form posting to the page's action; with
 * JavaScript the dialog asks first and the page's one fetcher sends it.
 */
import { useRef, useState } from "react";
import { Form, Link, type FetcherWithComponents } from "react-router";
import { Ban, LockOpen, LogOut, Save, Scale, ShieldMinus, ShieldPlus } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormField } from "~/components/ui/form-field";
import { FormTokenField } from "~/components/ui/form-token-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { ROLES, type Role } from "~/modules/accounts/accounts-constants";
import type { FieldErrors } from "~/lib/validation";
import { ROLE_LABELS } from "./member-badges";
import { formatNumber } from "~/lib/format";

export type MemberFetcher = FetcherWithComponents<{ ok: boolean; intent?: string; fieldErrors?: FieldErrors } | undefined>;

function Panel({ title, children, description }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <section className="grid content-start gap-3 rounded-xl border bg-card p-4" aria-label={title}>
      <div className="grid gap-1">
        <h3 className="font-semibold">{title}</h3>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}


export function AdjustBalance({
  fetcher,
  outcome,
  points,
  xp,
  formToken,
}: {
  fetcher: MemberFetcher;
  /** The page's answer (the fetcher's, or a plain POST's): its field messages are this form's when it was an adjustment. */
  outcome: { ok: boolean; intent?: string; fieldErrors?: FieldErrors } | undefined;
  points: number;
  xp: number;
  /** Decision 036: a repeated post of this render's form changes nothing. */
  formToken: string;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [summary, setSummary] = useState("");
  const errors = outcome && !outcome.ok && outcome.intent === "adjust" ? (outcome.fieldErrors ?? {}) : {};
  const describe = () => {
    const data = new FormData(form.current ?? undefined);
    const amount = Number(data.get("amount"));
    const unit = data.get("currency") === "xp" ? "XP" : "poäng";
    const sign = data.get("direction") === "debit" ? "Dra av" : "Lägg till";
    return `${sign} ${Number.isFinite(amount) && amount > 0 ? formatNumber(amount) : "?"} ${unit}. Anledning: "${String(data.get("reason") ?? "").trim() || "–"}"`;
  };
  return (
    <Panel title="Justera poäng eller XP" description={`Nu: ${formatNumber(points)} poäng och ${formatNumber(xp)} XP. Saldot kan aldrig bli negativt.`}>
      <Form method="post" ref={form} className="grid gap-3" data-testid="adjust-form">
        <input type="hidden" name="intent" value="adjust" />
        <FormTokenField token={formToken} />
        <div className="grid grid-cols-2 gap-3">
          <FormField id="adjust-currency" name="currency" label="Saldo" error={errors.currency}>
            {(props) => (
              <NativeSelect {...props} defaultValue="points">
                <option value="points">Poäng</option>
                <option value="xp">XP</option>
              </NativeSelect>
            )}
          </FormField>
          <FormField id="adjust-direction" name="direction" label="Ändring" error={errors.direction}>
            {(props) => (
              <NativeSelect {...props} defaultValue="credit">
                <option value="credit">Lägg till</option>
                <option value="debit">Dra av</option>
              </NativeSelect>
            )}
          </FormField>
        </div>
        <FormField id="adjust-amount" name="amount" label="Antal" required error={errors.amount}>
          {(props) => <Input {...props} type="number" inputMode="numeric" min={1} step={1} required />}
        </FormField>
        <FormField id="adjust-reason" name="reason" label="Anledning" required error={errors.reason} hint="Visas för medlemmen i historiken och sparas i loggen.">
          {(props) => <Textarea {...props} maxLength={200} required rows={2} />}
        </FormField>
        <ConfirmDialog
          testId="confirm-adjust"
          trigger={
            <Button type="submit" className="justify-self-start" disabled={fetcher.state !== "idle"} onClick={() => setSummary(describe())}>
              <Scale className="size-4" aria-hidden="true" />
              Justera saldo
            </Button>
          }
          title="Justera saldot?"
          description={<p>{summary}</p>}
          confirmLabel="Justera"
          onConfirm={() => {
            if (form.current) fetcher.submit(form.current, { method: "post" });
          }}
        />
      </Form>
    </Panel>
  );
}

function ConfirmedButton({
  fetcher,
  fields,
  label,
  title,
  description,
  confirmLabel,
  tone = "default",
  icon,
  testId,
  variant = "outline",
}: {
  fetcher: MemberFetcher;
  fields: Record<string, string>;
  label: string;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  tone?: "default" | "destructive";
  icon: React.ReactNode;
  testId: string;
  variant?: "outline" | "destructive" | "default";
}) {
  return (
    <Form method="post" className="contents">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <ConfirmDialog
        testId={`confirm-${testId}`}
        trigger={
          <Button type="submit" size="sm" variant={variant} disabled={fetcher.state !== "idle"} data-testid={testId}>
            {icon}
            {label}
          </Button>
        }
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        tone={tone}
        onConfirm={() => fetcher.submit(fields, { method: "post" })}
      />
    </Form>
  );
}

export interface StaffStepUp {
  /** Whether the member has two-factor sign-in (an admin can reset it). */
  enabled: boolean;
  /** Whether the viewing admin confirmed with a code within the last 5 minutes. */
  stepUpFresh: boolean;
  stepUpUrl: string;
}

/** Role changes and a two-factor reset need a fresh code from the admin (decision 046). */
function StepUpNotice({ twoFactor }: { twoFactor: StaffStepUp }) {
  if (twoFactor.stepUpFresh) return null;
  return (
    <p className="mb-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="step-up-notice">
      Ändringar här kräver att du bekräftar med din kod (gäller i 5 minuter).{" "}
      <Link to={twoFactor.stepUpUrl} className="font-medium underline underline-offset-4">
        Bekräfta nu
      </Link>
    </p>
  );
}

export function RoleActions({ fetcher, roles, twoFactor }: { fetcher: MemberFetcher; roles: readonly Role[]; twoFactor: StaffStepUp }) {
  return (
    <Panel title="Personalroller" description="Admin öppnar hela panelen; Blogg och SEO bara sina flikar. Den sista administratören kan inte tas bort.">
      <StepUpNotice twoFactor={twoFactor} />
      <ul className="grid gap-2">
        {ROLES.map((role) => {
          const held = roles.includes(role);
          return (
            <li key={role} className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm">
                <span className="font-medium">{ROLE_LABELS[role]}</span>{" "}
                <span className="text-muted-foreground">{held ? "– har rollen" : "– har inte rollen"}</span>
              </span>
              <ConfirmedButton
                fetcher={fetcher}
                fields={{ intent: "role", role, grant: held ? "false" : "true" }}
                label={held ? "Ta bort" : "Tilldela"}
                title={held ? `Ta bort rollen ${ROLE_LABELS[role]}?` : `Tilldela rollen ${ROLE_LABELS[role]}?`}
                description={<p>{held ? "Medlemmen förlorar direkt åtkomsten som rollen ger." : "Medlemmen får direkt åtkomst till de flikar rollen öppnar."}</p>}
                confirmLabel={held ? "Ta bort rollen" : "Tilldela rollen"}
                tone={held ? "destructive" : "default"}
                icon={held ? <ShieldMinus className="size-4" aria-hidden="true" /> : <ShieldPlus className="size-4" aria-hidden="true" />}
                testId={`role-${role}`}
              />
            </li>
          );
        })}
      </ul>
      {twoFactor.enabled ? (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t pt-4">
          <span className="text-sm">
            <span className="font-medium">Tvåstegsverifiering</span> <span className="text-muted-foreground">– aktiverad</span>
          </span>
          <ConfirmedButton
            fetcher={fetcher}
            fields={{ intent: "reset-two-factor" }}
            label="Återställ"
            title="Återställ tvåstegsverifiering?"
            description={<p>Nyckeln och reservkoderna tas bort och medlemmen loggas ut överallt. Personal ställer in den igen vid nästa inloggning.</p>}
            confirmLabel="Återställ"
            tone="destructive"
            icon={<ShieldMinus className="size-4" aria-hidden="true" />}
            testId="reset-two-factor"
          />
        </div>
      ) : null}
    </Panel>
  );
}

export function AccessActions({ fetcher, blocked, sessionCount }: { fetcher: MemberFetcher; blocked: boolean; sessionCount: number }) {
  return (
    <Panel
      title="Inloggning"
      description={
        blocked
          ? "Inloggningen är spärrad: medlemmen kan inte logga in på något sätt."
          : sessionCount === 1
            ? "1 aktiv session."
            : `${sessionCount} aktiva sessioner.`
      }
    >
      <div className="flex flex-wrap gap-2">
        <ConfirmedButton
          fetcher={fetcher}
          fields={{ intent: "revoke-sessions" }}
          label="Logga ut överallt"
          title="Avsluta alla sessioner?"
          description={<p>Medlemmen loggas ut på alla enheter men kan logga in igen.</p>}
          confirmLabel="Logga ut överallt"
          tone="destructive"
          icon={<LogOut className="size-4" aria-hidden="true" />}
          testId="revoke-sessions"
        />
        {blocked ? (
          <ConfirmedButton
            fetcher={fetcher}
            fields={{ intent: "unblock" }}
            label="Häv spärren"
            title="Häva spärren?"
            description={<p>Medlemmen kan logga in igen med alla sina inloggningssätt.</p>}
            confirmLabel="Häv spärren"
            icon={<LockOpen className="size-4" aria-hidden="true" />}
            testId="unblock"
          />
        ) : (
          <ConfirmedButton
            fetcher={fetcher}
            fields={{ intent: "block" }}
            label="Spärra inloggning"
            title="Spärra inloggningen?"
            description={<p>Medlemmen loggas ut överallt och kan inte logga in med e-post, Steam eller Google förrän spärren hävs.</p>}
            confirmLabel="Spärra"
            tone="destructive"
            variant="destructive"
            icon={<Ban className="size-4" aria-hidden="true" />}
            testId="block"
          />
        )}
      </div>
    </Panel>
  );
}

export function ContactPerson({
  fetcher,
  platinum,
  current,
  staff,
}: {
  fetcher: MemberFetcher;
  platinum: boolean;
  current: { id: string; name: string; email: string } | null;
  staff: ReadonlyArray<{ id: string; name: string; email: string }>;
}) {
  const [choice, setChoice] = useState(current?.id ?? "");
  const chosen = staff.find((person) => person.id === choice);
  if (!platinum && !current) {
    return (
      <Panel title="Kontaktperson" description="En personlig kontaktperson kan tilldelas medlemmar på nivån Platinum.">
        <p className="text-sm text-muted-foreground">Medlemmen är inte Platinum.</p>
      </Panel>
    );
  }
  return (
    <Panel
      title="Kontaktperson"
      description={current ? `Nu: ${current.name} (${current.email}). Visas på medlemmens profil.` : "Ingen kontaktperson ännu. Visas på medlemmens profil."}
    >
      <Form method="post" className="grid gap-3">
        <input type="hidden" name="intent" value="contact" />
        <FormField id="contact-person" name="contactPersonId" label="Personal">
          {(props) => (
            <NativeSelect {...props} value={choice} onChange={(event) => setChoice(event.target.value)}>
              <option value="">Ingen kontaktperson</option>
              {staff.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name} ({person.email})
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <ConfirmDialog
          testId="confirm-contact"
          trigger={
            <Button type="submit" size="sm" className="justify-self-start" disabled={fetcher.state !== "idle" || choice === (current?.id ?? "")} data-testid="save-contact">
              <Save className="size-4" aria-hidden="true" />
              Spara kontaktperson
            </Button>
          }
          title="Spara kontaktpersonen?"
          description={<p>{chosen ? `${chosen.name} (${chosen.email}) visas som medlemmens kontaktperson.` : "Medlemmen får ingen kontaktperson."}</p>}
          confirmLabel="Spara"
          onConfirm={() => fetcher.submit({ intent: "contact", contactPersonId: choice }, { method: "post" })}
        />
      </Form>
    </Panel>
  );
}
