/**
 * The member's yearly statement (årsbesked, decision 047): per Stockholm calendar year, every
 * paid sale with its dates and amount and the year's total, on /mina-affarer and as PDF and CSV.
 */
import PDFDocument from "pdfkit";
import { and, asc, eq, sql } from "drizzle-orm";
import { toCsv } from "~/lib/csv";
import { formatSek } from "~/lib/format";
import { stockholmDay, stockholmDayStart } from "~/lib/stockholm-time";
import { PAYOUT_LABELS, type PayoutMethod } from "~/modules/selling/selling-constants";
import { config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import { purchase_documents, sell_orders } from "~/platform/db/schema";
import { documentNumberLabel } from "./purchase-document-rules";

/** Skatteverket's page on selling "andra tillgångar" (personal assets), linked beside the statement. */
export const SKATTEVERKET_OTHER_ASSETS_URL =
  "https://www.skatteverket.se/privat/skatter/vardepapper/andratillgangar.4.233f91f71260075abe8800099480.html";
export const TAX_NOTE = "Försäljning av skins som privatperson kan vara skattepliktig. Läs om försäljning av andra tillgångar hos Skatteverket.";

export interface StatementSale {
  orderId: string;
  securityCode: string;
  /** When the sale was agreed (the order was placed). */
  soldAt: Date;
  paidAt: Date;
  totalOre: number;
  payoutMethod: PayoutMethod;
  documentNumber: number | null;
}

export interface YearlyStatement {
  year: number;
  sales: StatementSale[];
  totalOre: number;
}

const YEAR = sql<number>`extract(year from ${sell_orders.paid_at} at time zone 'Europe/Stockholm')::int`;

/** The years in which the member has paid sales, newest first, with count and total. */
export async function statementYears(db: Db, userId: string): Promise<{ year: number; count: number; totalOre: number }[]> {
  const rows = await db
    .select({ year: YEAR, count: sql<number>`count(*)::int`, total: sql<string>`sum(${sell_orders.total_ore})` })
    .from(sell_orders)
    .where(and(eq(sell_orders.user_id, userId), eq(sell_orders.status, "paid")))
    .groupBy(YEAR)
    .orderBy(sql`1 desc`);
  return rows.map((row) => ({ year: Number(row.year), count: Number(row.count), totalOre: Number(row.total) }));
}

export async function yearlyStatement(db: Db, userId: string, year: number): Promise<YearlyStatement> {
  const from = stockholmDayStart(`${year}-01-01`)!;
  const to = stockholmDayStart(`${year + 1}-01-01`)!;
  const rows = await db
    .select({
      orderId: sell_orders.id,
      securityCode: sell_orders.security_code,
      soldAt: sell_orders.created_at,
      paidAt: sell_orders.paid_at,
      totalOre: sell_orders.total_ore,
      payoutMethod: sell_orders.payout_method,
      documentNumber: sql<number | null>`(SELECT min(${purchase_documents.number}) FROM ${purchase_documents} WHERE ${purchase_documents.order_id} = ${sell_orders.id})`,
    })
    .from(sell_orders)
    .where(
      and(
        eq(sell_orders.user_id, userId),
        eq(sell_orders.status, "paid"),
        sql`${sell_orders.paid_at} >= ${from.toISOString()}::timestamptz AND ${sell_orders.paid_at} < ${to.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(sell_orders.paid_at), asc(sell_orders.id));
  const sales = rows.map((row) => ({
    ...row,
    paidAt: row.paidAt!,
    payoutMethod: row.payoutMethod as PayoutMethod,
    documentNumber: row.documentNumber === null ? null : Number(row.documentNumber),
  }));
  return { year, sales, totalOre: sales.reduce((sum, sale) => sum + sale.totalOre, 0) };
}

const HEADER = ["Såld", "Utbetald", "Order", "Avräkningsnota", "Utbetalning", "Belopp (kr)"];

export function statementCsv(statement: YearlyStatement): string {
  const kronor = (ore: number) => (ore / 100).toFixed(2).replace(".", ",");
  return toCsv(HEADER, [
    ...statement.sales.map((sale) => [
      stockholmDay(sale.soldAt),
      stockholmDay(sale.paidAt),
      sale.securityCode,
      sale.documentNumber ? documentNumberLabel(sale.documentNumber) : "",
      PAYOUT_LABELS[sale.payoutMethod],
      kronor(sale.totalOre),
    ]),
    ["Totalt", "", "", "", "", kronor(statement.totalOre)],
    [TAX_NOTE, "", "", "", "", ""],
    [SKATTEVERKET_OTHER_ASSETS_URL, "", "", "", "", ""],
  ]);
}

export function statementPdf(statement: YearlyStatement, member: { name: string }): Promise<Buffer> {
  const cfg = config();
  const doc = new PDFDocument({ size: "A4", margin: 56, info: { Title: `Årsbesked ${statement.year}`, Author: cfg.COMPANY_NAME } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const left = 56;
  const width = doc.page.width - 112;
  doc.font("Helvetica-Bold").fontSize(16).text(cfg.COMPANY_NAME, left, 56);
  doc.font("Helvetica").fontSize(10).text(`Organisationsnummer ${cfg.COMPANY_ORG_NUMBER}`);
  doc.moveDown(1.5);
  doc.font("Helvetica-Bold").fontSize(14).text(`Årsbesked ${statement.year}`);
  doc.font("Helvetica").fontSize(10).text(`Försäljningar av ${member.name} som vi betalat ut under ${statement.year}.`);
  doc.moveDown();
  const columns = [0, 0.18, 0.36, 0.5, 0.72];
  const rowOf = (values: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
    values.forEach((value, index) => {
      const x = left + width * columns[index]!;
      const w = width * ((columns[index + 1] ?? 1) - columns[index]!);
      doc.text(value, x, y, { width: w, align: index === values.length - 1 ? "right" : "left" });
    });
    doc.y = y + 14;
  };
  rowOf(["Såld", "Utbetald", "Order", "Avräkningsnota", "Belopp"], true);
  if (statement.sales.length === 0) rowOf(["Inga utbetalda försäljningar.", "", "", "", ""]);
  for (const sale of statement.sales) {
    rowOf([stockholmDay(sale.soldAt), stockholmDay(sale.paidAt), sale.securityCode, sale.documentNumber ? documentNumberLabel(sale.documentNumber) : "–", formatSek(sale.totalOre)]);
  }
  doc.moveDown(0.5);
  rowOf(["Totalt", "", "", "", formatSek(statement.totalOre)], true);
  doc.moveDown(2);
  doc.font("Helvetica").fontSize(9).text(TAX_NOTE, left, undefined, { width });
  doc.fillColor("#1d4ed8").text(SKATTEVERKET_OTHER_ASSETS_URL, { width, link: SKATTEVERKET_OTHER_ASSETS_URL, underline: true });
  doc.end();
  return done;
}
