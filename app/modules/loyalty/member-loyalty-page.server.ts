/**
 * The loyalty part of /profile: the member's points, XP, level, perks and histories, each list
 * at the page the URL asks for, as the page's components show them.
 */
import type { Db } from "~/platform/db/client.server";
import { loadProfileLoyalty, type ProfileLoyalty } from "./profile-loyalty.server";
import { ledgerReasonLabel, type ProfileView } from "./profile-view";

/**
 * What the member sees of their loyalty data: their own numbers, perks and histories, but
 * not the staff side of a trade (who recorded it, the internal note).
 */
function memberLoyalty(loyalty: ProfileLoyalty) {
  const { summary } = loyalty;
  const ledgerPage = (history: ProfileLoyalty["pointsHistory"]) => ({
    page: history.page,
    hasMore: history.hasMore,
    entries: history.entries.map((entry) => ({
      id: entry.id,
      amount: entry.amount,
      reason: ledgerReasonLabel(entry.reason),
      createdAt: entry.createdAt,
    })),
  });
  return {
    points: summary.points,
    xp: summary.xp,
    effectiveLevelId: summary.effectiveLevel.id,
    pointsMultiplier: summary.pointsMultiplier,
    statistics: summary.statistics,
    perks: summary.perks.map((perk) => ({
      id: perk.id,
      kind: perk.kind,
      label: perk.label,
      startsAt: perk.startsAt,
      expiresAt: perk.expiresAt,
      active: perk.active,
    })),
    pointsHistory: ledgerPage(loyalty.pointsHistory),
    xpHistory: ledgerPage(loyalty.xpHistory),
    trades: {
      page: loyalty.trades.page,
      hasMore: loyalty.trades.hasMore,
      entries: loyalty.trades.trades.map((trade) => ({
        id: trade.id,
        type: trade.type,
        status: trade.status,
        createdAt: trade.createdAt,
        completedAt: trade.completedAt,
        baseTotalOre: trade.baseTotalOre,
        levelBonusPercent: trade.levelBonusPercent,
        levelBonusOre: trade.levelBonusOre,
        bulkBonusPercent: trade.bulkBonusPercent,
        bulkBonusOre: trade.bulkBonusOre,
        perkBonusPercent: trade.perkBonusPercent,
        perkBonusOre: trade.perkBonusOre,
        purchaseFeePercent: trade.purchaseFeePercent,
        purchaseFeeOre: trade.purchaseFeeOre,
        totalOre: trade.totalOre,
        pointsCredited: trade.pointsCredited,
        xpCredited: trade.xpCredited,
        pointsMultiplier: trade.pointsMultiplier,
        payoutMethod: trade.payoutMethod,
        paymentMethod: trade.paymentMethod,
        items: trade.items.map((item) => ({
          id: item.id,
          skinName: item.skinName,
          wear: item.wear,
          floatValue: item.floatValue,
          variant: item.variant,
          priceOre: item.priceOre,
        })),
      })),
    },
    orders: {
      page: loyalty.orders.page,
      hasMore: loyalty.orders.hasMore,
      entries: loyalty.orders.orders.map((order) => ({
        id: order.id,
        itemName: order.itemName,
        pointsSpent: order.pointsSpent,
        status: order.status,
        createdAt: order.createdAt,
      })),
    },
  };
}

export type MemberLoyalty = ReturnType<typeof memberLoyalty>;

/** The member's loyalty view, or null when the account has no profile. */
export async function loadMemberLoyalty(
  db: Db,
  userId: string,
  pages: ProfileView["pages"],
  now: Date = new Date(),
  known?: Parameters<typeof loadProfileLoyalty>[4],
): Promise<MemberLoyalty | null> {
  const loyalty = await loadProfileLoyalty(
    db,
    userId,
    { points: pages.poang, xp: pages.xp, trades: pages.affarer, orders: pages.ordrar },
    now,
    known,
  );
  return loyalty ? memberLoyalty(loyalty) : null;
}
