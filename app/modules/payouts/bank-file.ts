/**
 * The bank payment file (decision 050): one ISO 20022 `pain.001.001.03` customer credit transfer
 * initiation in SEK, one payment information block, one transaction per sell order. Pure: batch
 * data in, the XML text out, so the file can be checked against the message's XSD in a test.
 *
 * Swedish domestic accounts follow the Swedish Common Interpretation of ISO 20022 Payment
 * Messages (Svenska Bankföreningen, Appendix 1 "Common Payment Types in Sweden"): the clearing
 * and account number as a BBAN in CdtrAcct/Id/Othr (SchmeNm/Cd `BBAN`) and the clearing number
 * as the creditor agent's member id in Bankgirot's clearing (`SESBA`); a Bankgiro number is
 * Othr/Id with SchmeNm/Prtry `BGNR`.
 */
import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces";
import { stockholmDateTimeInput } from "~/lib/stockholm-time";

const PAIN_001_NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.03";

/** Names are Max140Text in the message; Swedish banks pass on 70 characters (BankID names are shorter). */
const NAME_MAX = 70;
const REMITTANCE_MAX = 140;

export type BankFileDebtorAccount = { iban: string; bic: string } | { bankgiro: string; bic: string };

export type BankFileCreditorAccount =
  | { format: "account"; clearing: string; account: string }
  | { format: "iban"; iban: string };

export interface BankFilePayment {
  /** The order's reference: EndToEndId, returned on the bank's statement and status report. */
  endToEndId: string;
  amountOre: number;
  /** The name BankID verified for the seller. */
  creditorName: string;
  account: BankFileCreditorAccount;
  /** The message the member sees on the bank statement. */
  remittance: string;
}

export interface BankFileInput {
  messageId: string;
  createdAt: Date;
  /** yyyy-mm-dd: the day the bank should pay. */
  requestedDate: string;
  debtor: { name: string; orgNumber: string; account: BankFileDebtorAccount };
  payments: readonly BankFilePayment[];
}

/** Öre as the message's decimal amount with two decimals ("1234.50"). */
export function amountText(ore: number): string {
  if (!Number.isSafeInteger(ore) || ore < 0) throw new Error(`not an amount in öre: ${ore}`);
  const kronor = Math.floor(ore / 100);
  return `${kronor}.${String(ore % 100).padStart(2, "0")}`;
}

/** The control sum: every transaction's amount added up, in öre (exact, then formatted once). */
function controlSumOre(payments: readonly BankFilePayment[]): number {
  return payments.reduce((sum, payment) => sum + payment.amountOre, 0);
}

const digits = (value: string) => value.replace(/\D/g, "");

function clip(value: string, max: number): string {
  const clean = value.replace(/\s+/g, " ").trim();
  return clean.length > max ? clean.slice(0, max) : clean;
}

function creditorAccount(transaction: XMLBuilder, account: BankFileCreditorAccount): void {
  const id = transaction.ele("CdtrAcct").ele("Id");
  if (account.format === "iban") {
    id.ele("IBAN").txt(account.iban.replace(/\s/g, "").toUpperCase());
    return;
  }
  const other = id.ele("Othr");
  other.ele("Id").txt(digits(account.clearing) + digits(account.account));
  other.ele("SchmeNm").ele("Cd").txt("BBAN");
}

export function buildBankFile(input: BankFileInput): string {
  if (input.payments.length === 0) throw new Error("a bank file needs at least one payment");
  const count = String(input.payments.length);
  const controlSum = amountText(controlSumOre(input.payments));
  const createdAt = `${stockholmDateTimeInput(input.createdAt)}:${String(input.createdAt.getUTCSeconds()).padStart(2, "0")}`;

  const document = create({ version: "1.0", encoding: "UTF-8" }).ele(PAIN_001_NAMESPACE, "Document");
  const initiation = document.ele("CstmrCdtTrfInitn");

  const header = initiation.ele("GrpHdr");
  header.ele("MsgId").txt(input.messageId);
  header.ele("CreDtTm").txt(createdAt);
  header.ele("NbOfTxs").txt(count);
  header.ele("CtrlSum").txt(controlSum);
  const initiator = header.ele("InitgPty");
  initiator.ele("Nm").txt(clip(input.debtor.name, NAME_MAX));
  initiator.ele("Id").ele("OrgId").ele("Othr").ele("Id").txt(digits(input.debtor.orgNumber));

  const payment = initiation.ele("PmtInf");
  payment.ele("PmtInfId").txt(input.messageId);
  payment.ele("PmtMtd").txt("TRF");
  payment.ele("NbOfTxs").txt(count);
  payment.ele("CtrlSum").txt(controlSum);
  // Non-urgent domestic transfers (the Swedish interpretation's "NURG"); supplier payments.
  const type = payment.ele("PmtTpInf");
  type.ele("SvcLvl").ele("Cd").txt("NURG");
  type.ele("CtgyPurp").ele("Cd").txt("SUPP");
  payment.ele("ReqdExctnDt").txt(input.requestedDate);
  payment.ele("Dbtr").ele("Nm").txt(clip(input.debtor.name, NAME_MAX));
  const debtorAccount = payment.ele("DbtrAcct");
  const debtorId = debtorAccount.ele("Id");
  if ("iban" in input.debtor.account) {
    debtorId.ele("IBAN").txt(input.debtor.account.iban.replace(/\s/g, "").toUpperCase());
  } else {
    const other = debtorId.ele("Othr");
    other.ele("Id").txt(digits(input.debtor.account.bankgiro));
    other.ele("SchmeNm").ele("Prtry").txt("BGNR");
  }
  debtorAccount.ele("Ccy").txt("SEK");
  payment.ele("DbtrAgt").ele("FinInstnId").ele("BIC").txt(input.debtor.account.bic.toUpperCase());
  payment.ele("ChrgBr").txt("SLEV");

  for (const item of input.payments) {
    const transaction = payment.ele("CdtTrfTxInf");
    const id = transaction.ele("PmtId");
    id.ele("InstrId").txt(item.endToEndId);
    id.ele("EndToEndId").txt(item.endToEndId);
    transaction.ele("Amt").ele("InstdAmt", { Ccy: "SEK" }).txt(amountText(item.amountOre));
    if (item.account.format === "account") {
      const member = transaction.ele("CdtrAgt").ele("FinInstnId").ele("ClrSysMmbId");
      member.ele("ClrSysId").ele("Cd").txt("SESBA");
      member.ele("MmbId").txt(digits(item.account.clearing));
    }
    transaction.ele("Cdtr").ele("Nm").txt(clip(item.creditorName, NAME_MAX));
    creditorAccount(transaction, item.account);
    transaction.ele("RmtInf").ele("Ustrd").txt(clip(item.remittance, REMITTANCE_MAX));
  }
  return document.end({ prettyPrint: true });
}
