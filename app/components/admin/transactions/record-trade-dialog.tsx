/**
 * Records a trade for a member (docs/rules/loyalty.md#trades): the member, sale or purchase,
 * the line items (wear, float, StatTrak™/Souvenir, price), the payout or payment method and
 * a note. The preview shows the level and bulk bonus or purchase fee the trade will get and
 * what it earns once completed, computed with the trade rules the server fixes them with.
 * A real form posting its fields to the tab's action (each line item's fields by position,
 * `items.0.price`, which the shared schema gathers), sent by the staff form hook: it checks the fields with the shared schema
 * first, and the server checks everything again. Recording is not idempotent, so the submit
 * button stays disabled while a post is under way (a completion credits once by its ledger keys).
 */
import { useCallback, useId, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Loader2, Plus, Trash2 } from "~/components/ui/icons";
import { Button, buttonVariants } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { FormAlert } from "~/components/ui/form-alert";
import { FormTokenField } from "~/components/ui/form-token-field";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { SKIN_WEAR_LABELS } from "~/components/selling/selling-labels";
import { PAYOUT_LABELS, PAYOUT_METHODS } from "~/modules/selling/selling-constants";
import {
  BUYER_PAYMENT_METHODS,
  SKIN_VARIANT_LABELS,
  SKIN_VARIANTS,
  SKIN_WEARS,
  TRADE_LIMITS,
  TRADE_TYPE_LABELS,
  TRADE_TYPES,
  type TradeType,
} from "~/modules/trades/trades-constants";
import { formatNumber, formatPercent, formatSek } from "~/lib/format";
import { withSearchParams } from "~/lib/search-params";
import type { FieldErrors } from "~/lib/validation";
import { levelById } from "~/modules/loyalty/levels";
import type { MemberTradeStanding } from "~/modules/trades/trade-preview.server";
import { baseTotalOre, pointsForTrade, tradeExtras, xpForTrade } from "~/modules/trades/trade-rules";
import { parseSekToOre, tradeInputSchema } from "~/modules/trades/trade-schema";
import { MemberPicker, type PickedMember } from "./member-picker";
import { BLANK_LINE, draftLines, type DraftLine } from "~/modules/trades/trade-draft";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/cn";
import { staffToast, useStaffForm } from "~/components/admin/staff-outcome";
import type { CheckFailure, FormOutcome } from "~/lib/use-action-form";

type ItemDraft = DraftLine & { key: number };

type RecordAnswer =
  | { ok: true; intent: "record"; title: string; message: string; tradeId: string }
  | {
      ok: false;
      intent?: string;
      title?: string;
      message: string;
      fieldErrors?: FieldErrors;
      /** A line added or removed without JavaScript: nothing was recorded or refused. */
      draft?: true;
      values?: Record<string, string>;
    };

/** The form's first lines: those a refused or line-editing post sent back, else one blank. */
function initialItems(values: Record<string, string> | undefined): ItemDraft[] {
  const lines = values ? draftLines(values) : [];
  return (lines.length ? lines : [BLANK_LINE]).map((line, key) => ({ key, ...line }));
}

/** The posted value when it is one of the choices, else the default. */
function chosen<T extends string, F extends string>(value: string | undefined, choices: readonly T[], fallback: F): T | F {
  return choices.includes(value as T) ? (value as T) : fallback;
}

/** Failures are shown in the form; only a recorded trade is a toast. */
const successToast = (outcome: FormOutcome) => (outcome.ok ? staffToast(outcome) : null);

/** The browser's check with the shared schema, item messages by position. */
function checkTrade(values: Record<string, string>): CheckFailure | null {
  const checked = tradeInputSchema.safeParse(values);
  if (checked.success) return null;
  const fieldErrors = issuesByField(checked.error.issues);
  return { message: fieldErrors._form ?? checked.error.issues[0]?.message ?? "", fieldErrors };
}

/** The schema's issues by field, items by position: `items.0.price`. */
function issuesByField(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_form";
    errors[key] ??= issue.message;
    const top = String(issue.path[0] ?? "_form");
    errors[top] ??= issue.message;
  }
  return errors;
}


/** The address that shows the form on the page itself, so it is reachable without JavaScript. */
export const RECORD_TRADE_PARAM = "registrera";
const RECORD_TRADE_ANCHOR = "registrera-affar";
const RECORD_TRADE_INTRO = "Bonusar och avgifter låses när affären registreras. Poäng och XP krediteras först när den genomförs.";

/**
 * "Registrera affär": a link to `?registrera=…` (the form on the page, see RecordTradePanel); with
 * JavaScript it opens the form in a dialog instead. `formToken`: the page's one-time token
 * (decision 036), so a repeated post records one trade.
 */
export function RecordTradeDialog({ formToken }: { formToken: string }) {
  const [open, setOpen] = useState(false);
  const [params] = useSearchParams();
  const trigger = useRef<HTMLAnchorElement>(null);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button asChild data-testid="record-trade-open">
        <Link
          ref={trigger}
          // Never the page's own address: after a trade recorded without JavaScript (the post
          // went to `?registrera=1`) the link opens a fresh form instead of only the anchor.
          to={`${withSearchParams(params, { [RECORD_TRADE_PARAM]: params.get(RECORD_TRADE_PARAM) === "1" ? "2" : "1" })}#${RECORD_TRADE_ANCHOR}`}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          <Plus className="size-4" aria-hidden="true" />
          Registrera affär
        </Link>
      </Button>
      <DialogContent
        className="sm:max-w-4xl"
        data-testid="record-trade-dialog"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Registrera affär</DialogTitle>
          <DialogDescription>{RECORD_TRADE_INTRO}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: a closed dialog starts over with an empty form. */}
        <RecordTradeForm formToken={formToken} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * The form on the page at `?registrera=…`: where the link leads without JavaScript (a dialog is
 * drawn only by the browser). "Stäng", or a trade recorded with JavaScript, leaves the address.
 */
export function RecordTradePanel({ formToken }: { formToken: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const closeTo = withSearchParams(params, { [RECORD_TRADE_PARAM]: null }) || "?";
  const close = useCallback(() => void navigate(closeTo, { replace: true, preventScrollReset: true }), [navigate, closeTo]);
  return (
    <section id={RECORD_TRADE_ANCHOR} aria-labelledby={`${RECORD_TRADE_ANCHOR}-title`} className="grid gap-4 rounded-lg border p-4 sm:p-6" data-testid="record-trade-panel">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id={`${RECORD_TRADE_ANCHOR}-title`} className="text-lg font-semibold">
            Registrera affär
          </h2>
          <p className="text-sm text-muted-foreground">{RECORD_TRADE_INTRO}</p>
        </div>
        <Link to={closeTo} replace preventScrollReset className={buttonVariants({ variant: "outline", size: "sm" })}>
          Stäng
        </Link>
      </div>
      <RecordTradeForm formToken={formToken} onDone={close} />
    </section>
  );
}

function RecordTradeForm({ formToken, onDone }: { formToken: string; onDone: () => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const onOutcome = useCallback((answer: RecordAnswer) => {
    if (answer.ok) onDone();
  }, [onDone]);
  const check = useCallback((values: Record<string, string>) => {
    const failed = checkTrade(values);
    // The first field with a message, once React has shown them.
    if (failed) requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
    return failed;
  }, []);
  const form = useStaffForm<RecordAnswer>({ intent: "record", check, toast: successToast, onOutcome });
  const { busy, outcome } = form;
  const failure = outcome && !outcome.ok ? outcome : null;
  // A post without JavaScript that was refused, or added or removed a line, comes back as typed.
  const [typed] = useState(() => failure?.values);
  const hydrated = useHydrated();
  const [member, setMember] = useState<PickedMember | null>(null);
  const [standing, setStanding] = useState<MemberTradeStanding | null>(null);
  const [type, setType] = useState<TradeType>(() => chosen(typed?.type, TRADE_TYPES, "sale"));
  const [items, setItems] = useState<ItemDraft[]>(() => initialItems(typed));
  const nextKey = useRef(items.length);
  const [payoutMethod, setPayoutMethod] = useState<string>(() => chosen(typed?.payoutMethod, PAYOUT_METHODS, ""));
  const [paymentMethod, setPaymentMethod] = useState<string>(() => chosen(typed?.paymentMethod, BUYER_PAYMENT_METHODS, ""));
  const [note, setNote] = useState(typed?.note ?? "");
  const addItem = () => setItems((current) => [...current, { key: nextKey.current++, ...BLANK_LINE }]);
  const errors: FieldErrors = form.fieldErrors;

  const pickMember = useCallback((picked: PickedMember | null) => {
    setMember(picked);
    setStanding(null);
  }, []);

  const updateItem = (key: number, changes: Partial<ItemDraft>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...changes } : item)));

  const preview = useMemo(() => {
    const prices = items.map((item) => ({ priceOre: parseSekToOre(item.price) ?? 0 }));
    const baseOre = baseTotalOre(prices);
    const level = levelById(standing?.level ?? member?.level ?? "bronze");
    const extras = tradeExtras({
      type,
      baseOre,
      level,
      perkBonusPercent: type === "sale" ? (standing?.saleBonusPercent ?? 0) : 0,
    });
    const multiplier = standing?.pointsMultiplier ?? 1;
    return {
      baseOre,
      level,
      extras,
      multiplier,
      points: pointsForTrade(type, baseOre, multiplier),
      xp: xpForTrade(type, baseOre),
    };
  }, [items, standing, member, type]);

  return (
    <form.Form ref={formRef} method="post" onSubmit={form.onSubmit} noValidate className="group/trade grid gap-6" data-testid="record-trade-form">
      <input type="hidden" name="intent" value="record" />
      <FormTokenField token={formToken} />
      <input type="hidden" name="memberId" value={member?.userId ?? ""} />
      {failure && !failure.fieldErrors ? (
        <FormAlert tone={failure.draft ? "info" : "error"} title={failure.draft ? undefined : failure.title}>
          {failure.message}
        </FormAlert>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="grid min-w-0 gap-5">
          <MemberPicker member={member} defaultTerm={typed?.member} onPick={pickMember} onStanding={setStanding} error={errors.memberId} />

          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Typ av affär</legend>
            <div className="grid grid-cols-2 gap-2">
              {TRADE_TYPES.map((value) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium has-checked:border-primary has-checked:bg-primary/10 has-focus-visible:ring-2 has-focus-visible:ring-ring"
                >
                  <input
                    type="radio"
                    name="type"
                    value={value}
                    checked={type === value}
                    onChange={() => setType(value)}
                    className="accent-primary"
                  />
                  {TRADE_TYPE_LABELS[value]}
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium">Föremål</legend>
            {errors.items && !Object.keys(errors).some((key) => key.startsWith("items.")) ? (
              <p className="text-sm font-medium text-red-700 dark:text-red-300" role="alert">
                {errors.items}
              </p>
            ) : null}
            <ol className="grid gap-3">
              {items.map((item, index) => (
                <li key={item.key} className="grid gap-3 rounded-lg border p-3" data-testid="trade-item">
                  <div className="flex items-center justify-between gap-2">
                    <p className="text-sm font-semibold">Föremål {index + 1}</p>
                    {items.length > 1 ? (
                      // Without JavaScript it posts the form, which comes back without the line.
                      <Button
                        type={hydrated ? "button" : "submit"}
                        name="removeItem"
                        value={String(index)}
                        formNoValidate
                        variant="ghost"
                        size="sm"
                        onClick={() => setItems((current) => current.filter((other) => other.key !== item.key))}
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                        Ta bort<span className="sr-only"> föremål {index + 1}</span>
                      </Button>
                    ) : null}
                  </div>
                  <FormField id={`${id}-item-${item.key}-name`} label="Skin" required error={errors[`items.${index}.skinName`]}>
                    {(control) => (
                      <Input
                        {...control}
                        name={`items.${index}.skinName`}
                        value={item.skinName}
                        maxLength={TRADE_LIMITS.skinNameMaxLength}
                        placeholder="AK-47 | Redline"
                        onChange={(event) => updateItem(item.key, { skinName: event.target.value })}
                      />
                    )}
                  </FormField>
                  <div className="grid grid-cols-2 gap-3">
                    <FormField id={`${id}-item-${item.key}-wear`} label="Skick" required error={errors[`items.${index}.wear`]}>
                      {(control) => (
                        <NativeSelect {...control} name={`items.${index}.wear`} value={item.wear} onChange={(event) => updateItem(item.key, { wear: event.target.value })}>
                          {SKIN_WEARS.map((wear) => (
                            <option key={wear} value={wear}>
                              {wear} – {SKIN_WEAR_LABELS[wear]}
                            </option>
                          ))}
                        </NativeSelect>
                      )}
                    </FormField>
                    <FormField id={`${id}-item-${item.key}-float`} label="Float" optional error={errors[`items.${index}.float`]}>
                      {(control) => (
                        <Input
                          {...control}
                          inputMode="decimal"
                          name={`items.${index}.float`}
                          value={item.float}
                          placeholder="0,15"
                          onChange={(event) => updateItem(item.key, { float: event.target.value })}
                        />
                      )}
                    </FormField>
                    <FormField id={`${id}-item-${item.key}-variant`} label="Variant" error={errors[`items.${index}.variant`]}>
                      {(control) => (
                        <NativeSelect {...control} name={`items.${index}.variant`} value={item.variant} onChange={(event) => updateItem(item.key, { variant: event.target.value })}>
                          <option value="">Vanlig</option>
                          {SKIN_VARIANTS.map((variant) => (
                            <option key={variant} value={variant}>
                              {SKIN_VARIANT_LABELS[variant]}
                            </option>
                          ))}
                        </NativeSelect>
                      )}
                    </FormField>
                    <FormField id={`${id}-item-${item.key}-price`} label="Pris (kr)" required error={errors[`items.${index}.price`]}>
                      {(control) => (
                        <Input
                          {...control}
                          inputMode="decimal"
                          name={`items.${index}.price`}
                          value={item.price}
                          placeholder="500"
                          onChange={(event) => updateItem(item.key, { price: event.target.value })}
                        />
                      )}
                    </FormField>
                  </div>
                </li>
              ))}
            </ol>
            {items.length < TRADE_LIMITS.maxItems ? (
              // Without JavaScript it posts the form, which comes back with one more line.
              <Button
                type={hydrated ? "button" : "submit"}
                name="addItem"
                value="1"
                formNoValidate
                variant="outline"
                className="justify-self-start"
                onClick={addItem}
              >
                <Plus className="size-4" aria-hidden="true" />
                Lägg till föremål
              </Button>
            ) : null}
          </fieldset>

          {/* Both methods are in the form and the checked type shows one (CSS), so it works before JavaScript; the schema keeps the type's own. */}
          <div className="group-has-[input[name=type][value=purchase]:checked]/trade:hidden">
            <FormField id={`${id}-payout`} label="Utbetalningssätt" required error={errors.payoutMethod}>
              {(control) => (
                <NativeSelect {...control} name="payoutMethod" value={payoutMethod} onChange={(event) => setPayoutMethod(event.target.value)}>
                  <option value="">Välj utbetalningssätt</option>
                  {PAYOUT_METHODS.map((method) => (
                    <option key={method} value={method}>
                      {PAYOUT_LABELS[method]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </div>
          <div className="hidden group-has-[input[name=type][value=purchase]:checked]/trade:block">
            <FormField id={`${id}-payment`} label="Betalningssätt" required error={errors.paymentMethod}>
              {(control) => (
                <NativeSelect {...control} name="paymentMethod" value={paymentMethod} onChange={(event) => setPaymentMethod(event.target.value)}>
                  <option value="">Välj betalningssätt</option>
                  {BUYER_PAYMENT_METHODS.map((method) => (
                    <option key={method} value={method}>
                      {method}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </div>

          <FormField
            id={`${id}-note`}
            label="Anteckning"
            optional
            error={errors.note}
            hint={`Syns för personalen, inte för medlemmen. Högst ${formatNumber(TRADE_LIMITS.noteMaxLength)} tecken.`}
          >
            {(control) => (
              <Textarea {...control} name="note" value={note} maxLength={TRADE_LIMITS.noteMaxLength} onChange={(event) => setNote(event.target.value)} />
            )}
          </FormField>
        </div>

        <aside className="grid h-fit gap-3 rounded-lg border bg-muted/40 p-4 text-sm lg:sticky lg:top-0" aria-label="Förhandsvisning" data-testid="trade-preview">
          <p className="font-semibold">Förhandsvisning</p>
          <dl className="grid gap-2">
            <PreviewRow label="Medlemmens nivå">
              {member ? (
                <>
                  {preview.level.name}
                  {standing && standing.level !== standing.xpLevel ? <span className="block text-xs text-muted-foreground">tillfällig nivå från förmån</span> : null}
                </>
              ) : (
                "–"
              )}
            </PreviewRow>
            <PreviewRow label="Grundbelopp">{formatSek(preview.baseOre)}</PreviewRow>
            {type === "sale" ? (
              <>
                <PreviewRow label={`Nivåbonus (${formatPercent(preview.extras.levelBonusPercent)})`}>{formatSek(preview.extras.levelBonusOre)}</PreviewRow>
                <PreviewRow label={`Bulkbonus (${formatPercent(preview.extras.bulkBonusPercent)})`}>{formatSek(preview.extras.bulkBonusOre)}</PreviewRow>
                {preview.extras.perkBonusPercent > 0 ? (
                  <PreviewRow label={`Förmån (${formatPercent(preview.extras.perkBonusPercent)})`}>{formatSek(preview.extras.perkBonusOre)}</PreviewRow>
                ) : null}
              </>
            ) : (
              <PreviewRow label={`Köpavgift (${formatPercent(preview.extras.purchaseFeePercent)})`}>{formatSek(preview.extras.purchaseFeeOre)}</PreviewRow>
            )}
            <PreviewRow label={type === "sale" ? "Utbetalning" : "Att betala"} strong className="border-t pt-2">
              <span data-testid="trade-preview-total">{formatSek(preview.extras.totalOre)}</span>
            </PreviewRow>
          </dl>
          <p className="text-xs text-muted-foreground">
            När affären genomförs: {formatNumber(preview.points)} poäng
            {preview.multiplier > 1 ? ` (×${preview.multiplier} med aktiv förmån)` : ""} och {formatNumber(preview.xp)} XP.
          </p>
        </aside>
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="submit" disabled={busy} data-testid="record-trade-submit">
          {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
          {busy ? "Registrerar..." : "Registrera affär"}
        </Button>
      </div>
    </form.Form>
  );
}

function PreviewRow({ label, strong, className, children }: { label: string; strong?: boolean; className?: string; children: React.ReactNode }) {
  return (
    <div className={cn("flex items-baseline justify-between gap-3", className)}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={strong ? "text-base font-bold tabular-nums" : "text-right font-medium tabular-nums"}>{children}</dd>
    </div>
  );
}
