/**
 * The bookkeeping export (decision 047): the period's purchase documents as an SIE 4 file in code
 * page 437, with the configured accounts. Admins download it from the sell orders' staff page.
 */
import iconv from "iconv-lite";
import { stockholmDay, stockholmDayEnd, stockholmDayStart } from "~/lib/stockholm-time";
import { config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import { documentsPaidBetween } from "./purchase-documents.server";
import { buildSie, type SieAccounts } from "./sie";

function configuredSieAccounts(): SieAccounts {
  const cfg = config();
  return {
    purchases: cfg.SIE_ACCOUNT_PURCHASES,
    payout: { swish: cfg.SIE_ACCOUNT_SWISH, bank: cfg.SIE_ACCOUNT_BANK, crypto: cfg.SIE_ACCOUNT_CRYPTO },
  };
}

/** The SIE text of a period of whole Stockholm days (`from`…`to`, inclusive, one calendar year). */
export async function sieExportText(db: Db, period: { from: string; to: string }, now: Date = new Date()): Promise<string> {
  const cfg = config();
  const purchases = await documentsPaidBetween(db, stockholmDayStart(period.from)!, stockholmDayEnd(period.to)!);
  const year = period.from.slice(0, 4);
  return buildSie({
    program: { name: cfg.SITE_NAME, version: "1" },
    company: { name: cfg.COMPANY_NAME, orgNumber: cfg.COMPANY_ORG_NUMBER },
    generated: stockholmDay(now),
    financialYear: { start: `${year}-01-01`, end: `${year}-12-31` },
    accounts: configuredSieAccounts(),
    purchases: purchases.map((purchase) => ({
      number: purchase.number,
      date: stockholmDay(purchase.paidAt),
      sellerName: purchase.sellerName,
      totalOre: purchase.totalOre,
      payoutMethod: purchase.payoutMethod,
      reference: purchase.reference,
    })),
  });
}

/** #FORMAT PC8: the file's bytes in code page 437. */
export function encodeSie(text: string): Buffer {
  return iconv.encode(text, "cp437");
}
