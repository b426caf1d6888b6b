/**
 * /admin/transactions/saljordrar/:orderId (admin only; docs/rules/selling.md#staff-pages): the
 * member's timeline, the event log and the staff actions (review, trade offer id, cancel, retry
 * a failed payout, allow more open orders), each confirmed and audited.
 */
import { Link } from "react-router";
import type { Route } from "./+types/sell-order";
import { handleStaffOrderAction, loadStaffOrder } from "~/modules/selling/sell-orders-admin-page.server";
import { adminMeta } from "~/components/admin/admin-meta";
import { BotIdentityPanel } from "~/components/bots/bot-identity-panel";
import { TransactionsNav } from "~/components/admin/transactions/transactions-nav";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { ConfirmedAction } from "~/components/admin/sell-orders/confirmed-action";
import { formatDateTime, formatSek } from "~/lib/format";
import { SellOrderStatusBadge } from "~/components/selling/sell-order-timeline";
import { SellOrderItemsCard, SellOrderProgressCard } from "~/components/selling/sell-order-view";
import { PurchaseDocumentsList } from "~/components/selling/purchase-documents-list";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ArrowLeft } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { PAYOUT_LABELS, SELL_ORDER_STATUS_LABELS, SELL_ORDERS } from "~/modules/selling/selling-constants";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "transactions");

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadStaffOrder(request, params.orderId);
}

export async function action({ request, params }: Route.ActionArgs) {
  return handleStaffOrderAction(request, params.orderId);
}

export const ErrorBoundary = AdminTabError;

export default function StaffSellOrder({ loaderData }: Route.ComponentProps) {
  const { order, bot, items, events, documents } = loaderData;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <TransactionsNav />
      <div className="grid gap-1">
        <Link to="/admin/transactions/saljordrar" className="inline-flex items-center gap-1 justify-self-start text-sm text-muted-foreground hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Alla säljordrar
        </Link>
        <h2 className="flex flex-wrap items-center gap-3 text-xl font-bold">
          Säljorder <span className="font-mono">{order.securityCode}</span>
          <SellOrderStatusBadge status={order.status} text={order.statusText} />
        </h2>
        <p className="text-sm text-muted-foreground">
          <Link to={`/admin/users/${order.userId}`} className="hover:underline">
            {order.memberName}
          </Link>{" "}
          · {order.email} · {formatSek(order.totalOre)} via {PAYOUT_LABELS[order.payoutMethod]}
        </p>
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <SellOrderProgressCard title="Förlopp" steps={order.timeline}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Meddelande</dt>
            <dd className="break-words" data-testid="offer-message">
              {order.offerMessage}
            </dd>
            <dt className="text-muted-foreground">Trade-erbjudande</dt>
            <dd className="font-mono break-all">{order.tradeOfferId ?? "–"}</dd>
            <dt className="text-muted-foreground">Erbjudandets status</dt>
            <dd data-testid="offer-state">
              {order.offerState}
              {order.fromBot ? <span className="text-muted-foreground"> · från bot, försök {order.offerAttempt}</span> : null}
            </dd>
            <dt className="text-muted-foreground">Steam-trade</dt>
            <dd className="font-mono break-all">{order.steamTradeId ?? "–"}</dd>
            <dt className="text-muted-foreground">Accepterad i Steam</dt>
            <dd>{order.offerAcceptedAt ? formatDateTime(order.offerAcceptedAt) : "–"}</dd>
            <dt className="text-muted-foreground">Utbetalning</dt>
            <dd>{order.payoutAt ? formatDateTime(order.payoutAt) : "–"}</dd>
            {order.payoutReference ? (
              <>
                <dt className="text-muted-foreground">Referens</dt>
                <dd className="break-all">
                  {order.payoutReference} ({order.payoutMasked})
                </dd>
              </>
            ) : null}
            {order.payoutFailure ? (
              <>
                <dt className="text-muted-foreground">Fel</dt>
                <dd className="break-words text-destructive">{order.payoutFailure}</dd>
              </>
            ) : null}
            {order.offerProblem ? (
              <>
                <dt className="text-muted-foreground">Sändning</dt>
                <dd className="break-words">{order.offerProblem}</dd>
              </>
            ) : null}
            {order.manualOfferReason ? (
              <>
                <dt className="text-muted-foreground">För hand</dt>
                <dd className="break-words">{order.manualOfferReason}</dd>
              </>
            ) : null}
            {order.hijackFlaggedAt ? (
              <>
                <dt className="text-muted-foreground">Möjlig API-nyckelstöld</dt>
                <dd className="break-words text-destructive" data-testid="shield-flag">
                  {formatDateTime(order.hijackFlaggedAt)}: {order.hijackReason}
                </dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">Öppna ordrar</dt>
            <dd>högst {order.maxOpenOrders}</dd>
            {order.blockedUntil ? (
              <>
                <dt className="text-muted-foreground">Säljspärr</dt>
                <dd className="text-destructive">till {formatDateTime(order.blockedUntil)}</dd>
              </>
            ) : null}
          </dl>
          {bot ? <BotIdentityPanel identity={bot} /> : null}
        </SellOrderProgressCard>
        <Card>
          <CardHeader>
            <CardTitle>Åtgärder</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            {order.status === "in_review" ? (
              <div className="flex flex-wrap gap-2">
                <ConfirmedAction
                  intent="approve"
                  label="Godkänn"
                  title="Godkänna ordern?"
                  description="Ordern går vidare och ett trade-erbjudande kan skickas."
                  confirmLabel="Godkänn"
                  testId="approve-order"
                />
                <ConfirmedAction
                  intent="decline"
                  label="Neka"
                  title="Neka ordern?"
                  description="Ordern avslutas som nekad och medlemmen får ett mejl."
                  confirmLabel="Neka"
                  tone="destructive"
                  testId="decline-order"
                />
              </div>
            ) : null}
            {order.status === "awaiting_offer" ? (
              <ConfirmedAction
                intent="set-offer"
                label="Spara erbjudande"
                title="Spara trade-erbjudandet?"
                description={`Skicka erbjudandet från bot-kontot med meddelandet "${order.offerMessage}" och ange dess id här. Vi följer det sedan hos Steam.`}
                confirmLabel="Spara"
                testId="set-offer"
              >
                <div className="grid gap-1.5">
                  <Label htmlFor="trade-offer-id">Trade-erbjudandets id</Label>
                  <Input id="trade-offer-id" name="tradeOfferId" inputMode="numeric" pattern="\d{1,20}" maxLength={SELL_ORDERS.tradeOfferIdMaxLength} required />
                </div>
              </ConfirmedAction>
            ) : null}
            {order.status === "offer_sent" && order.fromBot ? (
              <div className="flex flex-wrap gap-2">
                <ConfirmedAction
                  intent="resend-offer"
                  label="Skicka nytt erbjudande"
                  title="Skicka ett nytt erbjudande?"
                  description="Det nuvarande erbjudandet avbryts hos Steam först; sedan skickar en bot ett nytt med ett nytt försöksnummer i meddelandet."
                  confirmLabel="Skicka nytt"
                  testId="resend-offer"
                />
                <ConfirmedAction
                  intent="cancel-offer"
                  label="Avbryt erbjudandet"
                  title="Avbryta erbjudandet och ordern?"
                  description="Erbjudandet avbryts hos Steam och ordern avslutas. Medlemmen får ett mejl."
                  confirmLabel="Avbryt erbjudandet"
                  tone="destructive"
                  testId="cancel-offer"
                />
              </div>
            ) : null}
            {order.status === "awaiting_offer" && !order.manualOfferReason ? (
              <ConfirmedAction
                intent="manual-offer"
                label="Skicka för hand"
                title="Skicka ordern för hand?"
                description="Botarna skickar inget erbjudande för ordern. Skicka det från ett bot-konto och spara dess id här."
                confirmLabel="Skicka för hand"
                testId="manual-offer"
              >
                <div className="grid gap-1.5">
                  <Label htmlFor="manual-offer-reason">Varför</Label>
                  <Input id="manual-offer-reason" name="reason" maxLength={300} required />
                </div>
              </ConfirmedAction>
            ) : null}
            {order.status === "payout_failed" ? (
              <ConfirmedAction
                intent="retry-payout"
                label="Försök igen"
                title="Försöka betala ut igen?"
                description="Ordern läggs tillbaka i utbetalningskön."
                confirmLabel="Försök igen"
                testId="retry-payout"
              />
            ) : null}
            {documents.length ? (
              <div className="grid gap-2">
                <PurchaseDocumentsList documents={documents} hrefBase={`/admin/transactions/saljordrar/${order.id}/avrakningsnota`} />
                <ConfirmedAction
                  intent="correct-document"
                  label="Rätta avräkningsnotan"
                  title="Utfärda en rättelse?"
                  description="En ny avräkningsnota med nästa nummer, som hänvisar till den senaste. Den utfärdade ändras aldrig; beloppen är de som betalades."
                  confirmLabel="Utfärda rättelse"
                  testId="correct-document"
                >
                  <div className="grid gap-1.5">
                    <Label htmlFor="correct-seller-name">Säljarens namn</Label>
                    <Input id="correct-seller-name" name="sellerName" maxLength={120} defaultValue={order.memberName} required />
                    <Label htmlFor="correct-reference">Referens</Label>
                    <Input id="correct-reference" name="reference" maxLength={SELL_ORDERS.payoutReferenceMaxLength} defaultValue={order.payoutReference ?? ""} required />
                    <Label htmlFor="correct-note">Vad rättelsen gäller</Label>
                    <Input id="correct-note" name="correctionNote" maxLength={500} required />
                  </div>
                </ConfirmedAction>
              </div>
            ) : null}
            {order.status === "payout_scheduled" ? (
              <Link to="/admin/transactions/utbetalningar" className="text-sm underline">
                Betala ut i utbetalningskön
              </Link>
            ) : null}
            {["in_review", "awaiting_offer", "offer_sent"].includes(order.status) ? (
              <ConfirmedAction
                intent="cancel"
                label="Avbryt ordern"
                title="Avbryta ordern?"
                description="Ordern avslutas som avbruten och medlemmen får ett mejl. Avbryt också ett skickat erbjudande i Steam."
                confirmLabel="Avbryt ordern"
                tone="destructive"
                testId="cancel-order"
              />
            ) : null}
            <ConfirmedAction
              intent="allow-orders"
              label="Spara gräns"
              title="Ändra medlemmens gräns?"
              description="Hur många öppna säljordrar medlemmen får ha samtidigt."
              confirmLabel="Spara"
              testId="allow-orders"
            >
              <div className="grid gap-1.5">
                <Label htmlFor="max-open-orders">Öppna ordrar samtidigt</Label>
                <Input
                  id="max-open-orders"
                  name="maxOpenOrders"
                  type="number"
                  min={1}
                  max={SELL_ORDERS.maxOpenOrdersLimit}
                  defaultValue={order.maxOpenOrders}
                  className="w-24"
                  required
                />
              </div>
            </ConfirmedAction>
          </CardContent>
        </Card>
        <SellOrderItemsCard items={items} />
        <Card>
          <CardHeader>
            <CardTitle>Händelser</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="grid gap-2 text-sm" data-testid="sell-order-events">
              {events.map((event) => (
                <li key={event.id} className="grid gap-0.5">
                  <span>
                    <time dateTime={event.createdAt} className="text-muted-foreground">
                      {formatDateTime(event.createdAt)}
                    </time>{" "}
                    {event.fromStatus ? `${SELL_ORDER_STATUS_LABELS[event.fromStatus]} → ` : ""}
                    <strong>{SELL_ORDER_STATUS_LABELS[event.toStatus]}</strong>
                  </span>
                  <span className="text-xs text-muted-foreground break-words">
                    {event.actorName ?? "Systemet (Steam/jobb)"}
                    {event.note ? ` · ${event.note}` : ""}
                  </span>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
