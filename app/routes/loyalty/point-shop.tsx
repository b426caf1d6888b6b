import { Link, useNavigate, useRevalidator, useSearchParams } from "react-router";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { Gift } from "~/components/ui/icons";
import type { Route } from "./+types/point-shop";
import { handlePurchase, loadPointShop, type PurchaseAnswer } from "~/modules/shop/shop-page.server";
import { PageIntro } from "~/components/content/page-intro";
import { useRevalidateOnContent } from "~/components/realtime/realtime-provider";
import { useRevalidateOnMemberEvents } from "~/components/realtime/use-revalidate-on-member-events";
import { CONFIRM_PARAM, PurchaseConfirmPanel } from "~/components/shop/purchase-confirmation";
import { MorePointsSection } from "~/components/shop/more-points-section";
import { ShopBalancePanel } from "~/components/shop/shop-balance-panel";
import { ShopItemCard } from "~/components/shop/shop-item-card";
import { FormAlert } from "~/components/ui/form-alert";
import { POINTS_PER_SEK, POINTS_VALUE } from "~/modules/loyalty/loyalty-constants";
import { keepRetryAfter } from "~/lib/route-headers";
import { pageMeta } from "~/lib/seo";
import { useActionForm, type OutcomeToast } from "~/lib/use-action-form";
import { levelById } from "~/modules/loyalty/levels";
import { redeemState, SHOP_MESSAGES } from "~/modules/shop/shop-rules";
import { purchaseSchema } from "~/modules/shop/shop-schema";
import { formatLongDate, formatNumber } from "~/lib/format";

const BREADCRUMBS = [{ name: "Point Shop", path: "/point-shop" }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Point Shop – lös in dina poäng mot belöningar",
    description: `Lös in poängen du tjänar på varje affär mot skins, turneringsplatser, merch och förmåner som dubbla poäng. ${formatNumber(POINTS_VALUE.points)} poäng motsvarar ungefär ${POINTS_VALUE.sek} kr.`,
    path: "/point-shop",
    breadcrumbs: BREADCRUMBS,
  });

// A refused purchase (429) keeps its Retry-After (app/lib/route-headers.ts).
export const headers = keepRetryAfter;

export async function loader({ request }: Route.LoaderArgs) {
  return loadPointShop(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handlePurchase(request);
}

/**
 * After any purchase attempt the balance and stock are read again, refusals included: a
 * "sold out" or "not enough points" answer means what the page shows is out of date.
 */
export function shouldRevalidate({ formMethod, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod?.toUpperCase() === "POST" && formAction?.split("?")[0] === "/point-shop") return true;
  return defaultShouldRevalidate;
}


type Answer = PurchaseAnswer | { ok: false; message: string; title?: string; fieldErrors?: Record<string, string | undefined> };

/** The toast's (or the no-JavaScript page's) words for a purchase answer. */
function describe(answer: Answer): { title: string; text: string } {
  if (!answer.ok)
    return { title: answer.title ?? SHOP_MESSAGES.failureTitle, text: answer.message || SHOP_MESSAGES.failureFallback };
  const perk = answer.perk
    ? ` ${answer.perk.label} ${answer.perk.expiresAt ? `gäller till ${formatLongDate(answer.perk.expiresAt)}` : "gäller på din nästa försäljning"}.`
    : "";
  return {
    title: SHOP_MESSAGES.success,
    text: `${SHOP_MESSAGES.purchased(answer.itemName, answer.pointsSpent)}${perk}`,
  };
}

export default function PointShop({ loaderData }: Route.ComponentProps) {
  const { signedIn, balance, level, xpLevelId, items } = loaderData;
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // The one purchase form path (decision 033): the dialog's and the confirmation step's forms post
  // `itemId` to this page's action; the answer is one toast, or the page's markup without JavaScript.
  const purchase = useActionForm<Answer>({
    schema: purchaseSchema,
    toast: (answer): OutcomeToast => {
      const { title, text } = describe(answer);
      if (!answer.ok) return { tone: "error", title, description: text };
      return {
        tone: "success",
        title,
        description: text,
        action: { label: "Visa profil", onClick: () => void navigate("/profile?historik=ordrar") },
      };
    },
    onOutcome: (answer) => {
      if (answer.ok && searchParams.has(CONFIRM_PARAM)) void navigate("/point-shop", { replace: true, preventScrollReset: true });
    },
  });
  const revalidator = useRevalidator();

  const memberLevel = level ? levelById(level.id) : null;
  const xpLevel = xpLevelId ? levelById(xpLevelId) : null;
  const current = balance ?? 0;
  const busy = purchase.busy;
  const buyingId = busy ? String(purchase.fetcher.formData?.get("itemId") ?? "") : null;

  // Stock changed (someone bought the last one, staff edited the shop) or the member's points moved.
  // (A purchase's own debit is one of those events: while it is on its way, its answer revalidates.)
  useRevalidateOnContent("shop");
  useRevalidateOnMemberEvents(["points"], busy);

  const confirmId = searchParams.get(CONFIRM_PARAM);
  const stepItem = signedIn ? items.find((item) => item.id === confirmId) : undefined;
  const stepOpen =
    stepItem &&
    redeemState({
      signedIn,
      points: current,
      cost: stepItem.pointCost,
      soldOut: stepItem.soldOut,
      memberLevel,
      minLevel: stepItem.minLevel,
      grantsLevel: stepItem.effect?.kind === "temporary_level" ? stepItem.effect.level : null,
      xpLevel,
    }).kind === "buy";
  // Set only when the page posted without JavaScript: with it the answer is a toast.
  const posted = purchase.fromPlainPost ? purchase.outcome : undefined;
  const postedAnswer = posted ? describe(posted) : null;

  return (
    <>
      <PageIntro
        breadcrumbs={BREADCRUMBS}
        eyebrow="Belöningar för dina poäng"
        icon={<Gift className="size-4 text-orange-300" aria-hidden="true" />}
        title="Point Shop"
        lead={
          <p>
            Lös in poängen du tjänar på varje affär mot skins, turneringsplatser, merch och förmåner. Du får{" "}
            {POINTS_PER_SEK.sale} poäng per krona när du säljer och {POINTS_PER_SEK.purchase} per krona när du köper.
          </p>
        }
      >
        <ShopBalancePanel signedIn={signedIn} balance={current} memberLevel={memberLevel} />
      </PageIntro>

      <section aria-labelledby="beloningar-rubrik" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
        {postedAnswer ? (
          <FormAlert
            tone={posted?.ok ? "success" : "error"}
            title={postedAnswer.title}
            className="mx-auto mb-8 max-w-lg"
          >
            {postedAnswer.text}
          </FormAlert>
        ) : null}
        {stepOpen && stepItem ? <PurchaseConfirmPanel item={stepItem} balance={current} purchase={purchase} /> : null}

        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="beloningar-rubrik" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Belöningar
            </h2>
            <p className="mt-1 text-muted-foreground">
              {items.length === 0 ? "Inga belöningar just nu." : `${items.length} belöningar, billigast först.`}
            </p>
          </div>
          <Link to="/point-system" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Så fungerar poängen
          </Link>
        </div>

        {items.length === 0 ? (
          <div className="mt-8 flex flex-col items-center gap-3 rounded-xl border border-dashed p-10 text-center">
            <Gift className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="font-semibold">Butiken fylls på snart</p>
            <p className="max-w-md text-sm text-muted-foreground">
              Just nu finns inga belöningar att lösa in. Dina poäng ligger kvar – titta in igen om en stund.
            </p>
          </div>
        ) : (
          <ul
            className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
            aria-busy={revalidator.state === "loading" || busy}
          >
            {items.map((item) => (
              <li key={item.id}>
                <ShopItemCard
                  item={item}
                  signedIn={signedIn}
                  balance={current}
                  memberLevel={memberLevel}
                  xpLevel={xpLevel}
                  buying={buyingId === item.id}
                  purchase={purchase}
                />
              </li>
            ))}
          </ul>
        )}
        <p className="sr-only" aria-live="polite">
          {busy ? "Köpet genomförs" : ""}
        </p>
      </section>

      <MorePointsSection />

    </>
  );
}
