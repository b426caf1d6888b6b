/**
 * Revealing a payout's recipient to the admin who pays by hand (decision 047): the full details
 * of one queued order, beside the seller's BankID-verified name. The page asks for a fresh
 * step-up first; here each reveal is an audit row (who, when, which order) and an admin makes at
 * most PAYOUT_REVEAL.maxPerHour of them an hour, counted from those rows under a lock on the
 * admin's own row, so two tabs cannot both take the last one.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import { readVerifiedIdentity } from "~/modules/identity/bankid.server";
import { recordAudit } from "~/platform/audit/audit.server";
import type { Db } from "~/platform/db/client.server";
import { audit_log, sell_orders, user } from "~/platform/db/schema";
import { readPayoutDetails } from "./payout-details.server";
import type { PayoutKeyring } from "./payout-encryption.server";
import { recipientLines, type RevealedRecipient } from "./payout-rules";
import { PAYOUT_LABELS, PAYOUT_REVEAL } from "./selling-constants";
import type { SellOrderResult } from "./sell-orders.server";

export const REVEAL_AUDIT_ACTION = "sell_order.reveal_recipient";

export const REVEAL_MESSAGES = {
  tooMany: `Du har visat ${PAYOUT_REVEAL.maxPerHour} mottagare den senaste timmen. Försök igen senare.`,
  notQueued: "Ordern väntar inte på utbetalning.",
  noDetails: "Medlemmen har inga utbetalningsuppgifter.",
  notFound: "Ordern finns inte.",
} as const;

export async function revealPayoutRecipient(
  db: Db,
  keyring: PayoutKeyring,
  input: { actorUserId: string; orderId: string; now?: Date },
): Promise<SellOrderResult<RevealedRecipient>> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, input.actorUserId)).for("update");
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(audit_log)
      .where(
        and(
          eq(audit_log.actor_user_id, input.actorUserId),
          eq(audit_log.action, REVEAL_AUDIT_ACTION),
          gt(audit_log.created_at, new Date(now.getTime() - 60 * 60_000)),
        ),
      )) as [{ count: number }];
    if (count >= PAYOUT_REVEAL.maxPerHour) return { ok: false, code: "refused", message: REVEAL_MESSAGES.tooMany };

    const [order] = await tx
      .select({ userId: sell_orders.user_id, status: sell_orders.status })
      .from(sell_orders)
      .where(eq(sell_orders.id, input.orderId));
    if (!order) return { ok: false, code: "not_found", message: REVEAL_MESSAGES.notFound };
    if (order.status !== "payout_scheduled" && order.status !== "payout_failed") return { ok: false, code: "refused", message: REVEAL_MESSAGES.notQueued };
    const details = await readPayoutDetails(tx, keyring, order.userId);
    if (!details) return { ok: false, code: "refused", message: REVEAL_MESSAGES.noDetails };
    const identity = await readVerifiedIdentity(tx, keyring, order.userId);

    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: REVEAL_AUDIT_ACTION,
      entityType: "sell_order",
      entityId: input.orderId,
      after: { method: details.method },
    });
    return {
      ok: true,
      value: {
        orderId: input.orderId,
        method: details.method,
        methodLabel: PAYOUT_LABELS[details.method],
        lines: recipientLines(details),
        verifiedName: identity?.name ?? null,
        visibleUntil: new Date(now.getTime() + PAYOUT_REVEAL.visibleMs).toISOString(),
      },
    };
  });
}
