/**
 * Draws a purchase document (decision 047) as a PDF with pdfkit, once, when it is issued; the
 * bytes are stored and served as they are, never drawn again. Helvetica (a PDF standard font)
 * covers Swedish letters in its WinAnsi encoding, so nothing is embedded.
 */
import PDFDocument from "pdfkit";
import { formatSek } from "~/lib/format";
import {
  documentAmounts,
  documentFacts,
  documentNumberLabel,
  payoutDescription,
  type PurchaseDocumentContent,
} from "./purchase-document-rules";

const MARGIN = 56;

export function renderPurchaseDocumentPdf(content: PurchaseDocumentContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: {
      Title: `Avräkningsnota ${documentNumberLabel(content.number)}`,
      Author: content.company.name,
      CreationDate: content.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const row = (label: string, value: string, options: { bold?: boolean } = {}) => {
    const y = doc.y;
    doc.font(options.bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    doc.text(label, MARGIN, y, { width: width * 0.6 });
    const after = doc.y;
    doc.text(value, MARGIN + width * 0.6, y, { width: width * 0.4, align: "right" });
    doc.y = Math.max(after, doc.y) + 2;
  };

  doc.font("Helvetica-Bold").fontSize(16).text(content.company.name, MARGIN, MARGIN);
  doc.font("Helvetica").fontSize(10).text(`Organisationsnummer ${content.company.orgNumber}`);
  doc.moveDown(1.5);
  doc.font("Helvetica-Bold").fontSize(14).text(content.corrects ? "Avräkningsnota – rättelse" : "Avräkningsnota");
  doc.font("Helvetica").fontSize(10).text("Köp av föremål från privatperson");
  if (content.corrects) {
    doc.moveDown(0.5);
    doc.text(`Rättar avräkningsnota ${documentNumberLabel(content.corrects.number)}: ${content.corrects.note}`);
  }
  doc.moveDown();
  for (const [label, value] of documentFacts(content)) row(label, value);

  doc.moveDown();
  doc.font("Helvetica-Bold").fontSize(11).text("Föremål", MARGIN);
  doc.moveDown(0.3);
  for (const item of content.items) row(item.name, formatSek(item.priceOre));
  doc.moveDown(0.5);
  for (const [label, value] of documentAmounts(content)) row(label, value, { bold: label === "Totalt" });

  doc.moveDown();
  row("Utbetalning", payoutDescription(content.payout));
  row("Referens", content.payout.reference);
  doc.moveDown(2);
  doc
    .font("Helvetica")
    .fontSize(8)
    .fillColor("#555555")
    .text(
      `${content.company.name} har köpt föremålen ovan och betalat beloppet till säljaren. Dokumentet utfärdades när utbetalningen gjordes och ändras aldrig; en rättelse är ett nytt dokument.`,
      MARGIN,
      undefined,
      { width },
    );
  doc.end();
  return done;
}
