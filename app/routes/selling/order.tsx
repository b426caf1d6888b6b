import { useEffect, useRef } from "react";
import { Link, useRevalidator } from "react-router";
import type { Route } from "./+types/order";
import { handleMemberOrderAction, loadMemberOrder } from "~/modules/selling/sell-order-page.server";
import { BotIdentityPanel } from "~/components/bots/bot-identity-panel";
import { PageIntro } from "~/components/content/page-intro";
import { useRevalidateOnMemberEvents } from "~/components/realtime/use-revalidate-on-member-events";
import { SellOrderStatusBadge } from "~/components/selling/sell-order-timeline";
import { SellOrderItemsCard, SellOrderProgressCard } from "~/components/selling/sell-order-view";
import { PurchaseDocumentsList } from "~/components/selling/purchase-documents-list";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormAlert } from "~/components/ui/form-alert";
import { IDENTITY_MESSAGES } from "~/modules/identity/identity-constants";
import { TRADE_SHIELD } from "~/modules/bots/bot-constants";
import { PAYOUT_MESSAGES } from "~/modules/selling/payout-rules";
import { payoutWaitsForDetails } from "~/modules/selling/sell-order-rules";
import { HandCoins, ShieldCheck } from "~/components/ui/icons";
import { formatNumber, formatSek } from "~/lib/format";
import { pageMeta } from "~/lib/seo";
import { useActionForm, type FormOutcome, type OutcomeToast } from "~/lib/use-action-form";

/** A success is a toast; a refusal stays on the card. */
const successToast = (answer: FormOutcome): OutcomeToast | null => (answer.ok && answer.message ? { tone: "success", title: answer.message } : null);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Säljorder",
    description: "Din säljorder: status, säkerhetskod och vad som händer härnäst.",
    path: "/mina-affarer",
    noindex: true,
  });

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadMemberOrder(request, params.orderId);
}

export async function action({ request, params }: Route.ActionArgs) {
  return handleMemberOrderAction(request, params.orderId);
}

/** decision 050: the payout is in a bank file the company has sent to its bank. */
const SENT_TO_BANK = "Utbetalningen är skickad till banken. Pengarna kommer till ditt konto när banken har genomfört betalningen.";

export default function MemberSellOrder({ loaderData }: Route.ComponentProps) {
  const { order, bot, items, documents, awaitingVerification, awaitingNewDetails, detailsUsableAt, sentToBank, offerProblem, shield, tradeLinkHref } = loaderData;
  // The page's forms (decision 033): cancel and the trade shield's two buttons. A refusal is shown
  // on the card; a success is one toast, or a note on the card after a post without JavaScript.
  const orderForm = useActionForm({ toast: successToast });
  const cancelForm = useRef<HTMLFormElement>(null);
  const reportForm = useRef<HTMLFormElement>(null);
  const safeForm = useRef<HTMLFormElement>(null);
  // docs/rules/selling.md#member-pages: the page follows every change live (the realtime stream).
  useRevalidateOnMemberEvents(["account"], orderForm.busy);
  // Opened right after the accept, while a bot sends: the engine's event may come between this
  // page's data and its subscription (seen on PostgreSQL), so the data is read once more once up.
  const revalidator = useRevalidator();
  const catchUp = useRef(order.status === "awaiting_offer" ? revalidator.revalidate : null);
  useEffect(() => {
    void catchUp.current?.().catch(() => {});
  }, []);
  const answer = orderForm.outcome;
  const crumbs = [
    { name: "Min profil", path: "/profile" },
    { name: "Mina affärer", path: "/mina-affarer" },
    { name: `Order ${order.securityCode}`, path: `/mina-affarer/${order.id}` },
  ];
  return (
    <>
      <PageIntro
        breadcrumbs={crumbs}
        eyebrow="Säljorder"
        icon={<HandCoins className="size-4 text-orange-300" aria-hidden="true" />}
        title={`Säljorder ${order.securityCode}`}
        lead={
          <p>
            {awaitingVerification
              ? IDENTITY_MESSAGES.payoutAwaitsVerification
              : awaitingNewDetails
                ? PAYOUT_MESSAGES.renewalRequired
                : sentToBank
                  ? SENT_TO_BANK
                  : (order.payoutFailure ?? order.nextStep)}
          </p>
        }
      />
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <div className="grid content-start gap-6">
          <SellOrderProgressCard
            title="Status"
            description={<SellOrderStatusBadge status={order.status} text={sentToBank ? "Skickad till banken" : order.statusText} />}
            steps={order.timeline}
          >
            {awaitingVerification ? (
              <FormAlert tone="info" title="Åtgärd krävs">
                {IDENTITY_MESSAGES.payoutAwaitsVerification}{" "}
                <Link to="/profile#bankid" className="font-medium underline underline-offset-2">
                  {IDENTITY_MESSAGES.title}
                </Link>
              </FormAlert>
            ) : null}
            {awaitingNewDetails ? (
              <FormAlert tone="info" title="Åtgärd krävs">
                {PAYOUT_MESSAGES.renewalRequired}{" "}
                <Link to="/profile?utbetalning=andra#utbetalning" className="font-medium underline underline-offset-2">
                  Ändra utbetalningsuppgifter
                </Link>
              </FormAlert>
            ) : null}
            {detailsUsableAt ? (
              <FormAlert tone="info" title="Utbetalningen väntar">
                {payoutWaitsForDetails(detailsUsableAt)}
              </FormAlert>
            ) : null}
            {shield.warning ? (
              <div data-testid="trade-shield-warning">
                <FormAlert title={TRADE_SHIELD.warningTitle}>
                  <div className="grid gap-3">
                    <p>{TRADE_SHIELD.warning}</p>
                    <ol className="grid list-decimal gap-1 pl-5">
                      <li>
                        <a href={shield.apiKeyUrl} target="_blank" rel="noopener noreferrer" className="font-medium underline underline-offset-2">
                          {TRADE_SHIELD.stepApiKey}
                        </a>
                      </li>
                      <li>
                        <a href={shield.devicesUrl} target="_blank" rel="noopener noreferrer" className="font-medium underline underline-offset-2">
                          {TRADE_SHIELD.stepDevices}
                        </a>
                      </li>
                      <li>{TRADE_SHIELD.stepPassword}</li>
                    </ol>
                    <orderForm.Form ref={safeForm} method="post" className="flex">
                      <input type="hidden" name="intent" value="account-safe" />
                      <ConfirmDialog
                        trigger={
                          <Button type="submit" disabled={orderForm.busy}>
                            Mitt Steam-konto är säkert
                          </Button>
                        }
                        title="Är ditt Steam-konto säkert?"
                        description="Bekräfta bara om du har tagit bort din Web API-nyckel och avauktoriserat andra enheter. Då skickar vi erbjudandet igen."
                        confirmLabel="Ja, kontot är säkert"
                        cancelLabel="Inte än"
                        onConfirm={() => void orderForm.fetcher.submit(safeForm.current)}
                        testId="account-safe-dialog"
                      />
                    </orderForm.Form>
                  </div>
                </FormAlert>
              </div>
            ) : null}
            {offerProblem ? (
              <FormAlert tone="info" title="Åtgärd krävs">
                {offerProblem}{" "}
                <Link to={tradeLinkHref} className="font-medium underline underline-offset-2">
                  Ändra trade-länk
                </Link>
              </FormAlert>
            ) : null}
            {answer && !answer.ok ? <FormAlert>{answer.message}</FormAlert> : null}
            {answer?.ok && orderForm.fromPlainPost ? <FormAlert tone="success">{answer.message}</FormAlert> : null}
            {order.canCancel ? (
              <orderForm.Form ref={cancelForm} method="post" className="flex">
                <input type="hidden" name="intent" value="cancel" />
                <ConfirmDialog
                  trigger={
                    <Button type="submit" variant="outline" disabled={orderForm.busy}>
                      Avbryt ordern
                    </Button>
                  }
                  title="Avbryta ordern?"
                  description="Ordern avbryts och inget trade-erbjudande skickas. Du kan lägga en ny order när du vill."
                  confirmLabel="Avbryt ordern"
                  cancelLabel="Behåll ordern"
                  tone="destructive"
                  onConfirm={() => void orderForm.fetcher.submit(cancelForm.current)}
                  testId="cancel-order-dialog"
                />
              </orderForm.Form>
            ) : null}
          </SellOrderProgressCard>
          <SellOrderItemsCard items={items} />
        </div>
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <ShieldCheck className="size-5" aria-hidden="true" />
                Säkerhetskod
              </CardTitle>
              <CardDescription>Acceptera bara ett trade-erbjudande vars meddelande innehåller den här koden.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <p className="font-mono text-3xl font-black tracking-[0.3em]" data-testid="security-code">
                {order.securityCode}
              </p>
              {bot ? <BotIdentityPanel identity={bot} /> : null}
              {shield.canReport ? (
                <orderForm.Form ref={reportForm} method="post" className="flex">
                  <input type="hidden" name="intent" value="report-other-offer" />
                  <ConfirmDialog
                    trigger={
                      <Button type="submit" variant="outline" disabled={orderForm.busy}>
                        Jag fick ett annat erbjudande
                      </Button>
                    }
                    title="Fick du ett erbjudande som inte stämmer?"
                    description="Ett erbjudande utan din kod, eller från en annan bot, är ett bedrägeriförsök – acceptera det inte. Vi stoppar nya erbjudanden till dig och visar hur du säkrar ditt Steam-konto."
                    confirmLabel="Rapportera"
                    cancelLabel="Tillbaka"
                    tone="destructive"
                    onConfirm={() => void orderForm.fetcher.submit(reportForm.current)}
                    testId="report-other-offer-dialog"
                  />
                </orderForm.Form>
              ) : null}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Belopp</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
                <dt>Föremål</dt>
                <dd className="text-right tabular-nums">{formatSek(order.baseTotalOre)}</dd>
                {order.levelBonusOre > 0 ? (
                  <>
                    <dt className="whitespace-nowrap">Nivåbonus +{order.levelBonusPercent}&nbsp;%</dt>
                    <dd className="text-right tabular-nums">{formatSek(order.levelBonusOre)}</dd>
                  </>
                ) : null}
                {order.bulkBonusOre > 0 ? (
                  <>
                    <dt className="whitespace-nowrap">Volymbonus +{order.bulkBonusPercent}&nbsp;%</dt>
                    <dd className="text-right tabular-nums">{formatSek(order.bulkBonusOre)}</dd>
                  </>
                ) : null}
                {order.promisesPayout ? (
                  <>
                    <dt className="font-semibold">Du får</dt>
                    <dd className="text-right font-semibold tabular-nums" data-testid="order-total">
                      {formatSek(order.totalOre)}
                    </dd>
                    <dt>Utbetalning</dt>
                    <dd className="text-right" data-testid="order-payout">
                      {order.payoutLine}
                    </dd>
                  </>
                ) : (
                  <>
                    <dt className="font-semibold">Utbetalning</dt>
                    <dd className="text-right font-semibold" data-testid="order-no-payout">
                      Ingen
                    </dd>
                  </>
                )}
                <dt>Poäng och XP</dt>
                <dd className="text-right tabular-nums">
                  {formatNumber(order.points)} poäng · {formatNumber(order.xp)} XP
                </dd>
              </dl>
              <p className="mt-3 text-xs text-muted-foreground">Poäng och XP läggs till när ordern är utbetald.</p>
            </CardContent>
          </Card>
          {documents.length ? (
            <Card>
              <CardHeader>
                <CardTitle>Avräkningsnota</CardTitle>
                <CardDescription>Vårt kvitto på köpet. Spara det – det visar vad du sålde och vad du fick betalt.</CardDescription>
              </CardHeader>
              <CardContent>
                <PurchaseDocumentsList documents={documents} hrefBase={`/mina-affarer/${order.id}/avrakningsnota`} />
              </CardContent>
            </Card>
          ) : null}
          <Button asChild variant="outline">
            <Link to="/mina-affarer">Alla mina affärer</Link>
          </Button>
        </div>
      </div>
    </>
  );
}
