import { describe, expect, it } from "vitest";
import { create } from "xmlbuilder2";
import { amountText, buildBankFile, type BankFileInput } from "./bank-file";
import { validatePain001 as validate } from "./fixtures/validate-xml";

const batch: BankFileInput = {
  messageId: "SKH-20261128-1A2B3C4D",
  createdAt: new Date("2026-11-28T09:15:30Z"),
  requestedDate: "2026-11-30",
  debtor: { name: "Skinhamnen AB", orgNumber: "559999-9999", account: { iban: "SE45 5000 0000 0583 9825 7466", bic: "eskdsess" } },
  payments: [
    {
      endToEndId: "0c8f6a4e2b1d4f7a9e3c5b7d9f1a3c5e",
      amountOre: 123_450,
      creditorName: "Anna Ågren",
      account: { format: "account", clearing: "8327-9", account: "123 456 789-0" },
      remittance: "Skinhamnen order ABCDEF",
    },
    {
      endToEndId: "1d9e7b5f3c2e4a8b0f4d6c8e0a2b4d6f",
      amountOre: 9_999,
      creditorName: "Björn <Öst> & Co",
      account: { format: "iban", iban: "SE3550000000054910000003" },
      remittance: "Skinhamnen order GHJKLM",
    },
    {
      endToEndId: "2e0f8c6a4d3f5b9c1a5e7d9f1b3c5e7a",
      amountOre: 1,
      creditorName: "Cecilia Lind",
      account: { format: "account", clearing: "6000", account: "123456789" },
      remittance: "Skinhamnen order NPQRST",
    },
  ],
};

type Node = Record<string, unknown>;
const parsed = (xml: string) => (create(xml).end({ format: "object" }) as { Document: { CstmrCdtTrfInitn: Node } }).Document.CstmrCdtTrfInitn;
const list = <T,>(value: T | T[]) => (Array.isArray(value) ? value : [value]);

describe("the bank payment file (decision 050)", () => {
  it("validates against the pain.001.001.03 XSD with the right count, control sum and references", () => {
    const xml = buildBankFile(batch);
    expect(validate(xml)).toBe("valid");
    const message = parsed(xml) as {
      GrpHdr: { MsgId: string; NbOfTxs: string; CtrlSum: string; CreDtTm: string };
      PmtInf: { PmtMtd: string; NbOfTxs: string; CtrlSum: string; ReqdExctnDt: string; CdtTrfTxInf: Node[] };
    };
    expect(message.GrpHdr).toMatchObject({ MsgId: batch.messageId, NbOfTxs: "3", CtrlSum: "1334.50", CreDtTm: "2026-11-28T10:15:30" });
    expect(message.PmtInf).toMatchObject({ PmtMtd: "TRF", NbOfTxs: "3", CtrlSum: "1334.50", ReqdExctnDt: "2026-11-30" });
    const transactions = list(message.PmtInf.CdtTrfTxInf) as Array<{
      PmtId: { EndToEndId: string };
      Amt: { InstdAmt: { "@Ccy": string; "#": string } };
      Cdtr: { Nm: string };
      CdtrAcct: { Id: Node };
    }>;
    expect(transactions.map((transaction) => transaction.PmtId.EndToEndId)).toEqual(batch.payments.map((payment) => payment.endToEndId));
    expect(transactions.map((transaction) => transaction.Amt.InstdAmt)).toEqual([
      { "@Ccy": "SEK", "#": "1234.50" },
      { "@Ccy": "SEK", "#": "99.99" },
      { "@Ccy": "SEK", "#": "0.01" },
    ]);
    // A domestic account: clearing and account as a BBAN, the clearing number in Bankgirot's clearing.
    expect(transactions[0]!.CdtrAcct.Id).toEqual({ Othr: { Id: "832791234567890", SchmeNm: { Cd: "BBAN" } } });
    expect(transactions[1]!.CdtrAcct.Id).toEqual({ IBAN: "SE3550000000054910000003" });
    expect(list(message.PmtInf.CdtTrfTxInf)[0]).toMatchObject({
      CdtrAgt: { FinInstnId: { ClrSysMmbId: { ClrSysId: { Cd: "SESBA" }, MmbId: "83279" } } },
    });
    expect(xml).toContain("&lt;Öst&gt; &amp; Co");
  });

  it("pays from a Bankgiro number as Othr with the BGNR scheme, still valid", () => {
    const xml = buildBankFile({ ...batch, debtor: { ...batch.debtor, account: { bankgiro: "5050-1055", bic: "HANDSESS" } } });
    expect(validate(xml)).toBe("valid");
    expect(parsed(xml)).toMatchObject({ PmtInf: { DbtrAcct: { Id: { Othr: { Id: "50501055", SchmeNm: { Prtry: "BGNR" } } }, Ccy: "SEK" } } });
  });

  it("fails validation when the file is wrong (the check can fail)", () => {
    const xml = buildBankFile(batch).replace("<PmtMtd>TRF</PmtMtd>", "<PmtMtd>XXX</PmtMtd>");
    expect(validate(xml)).toMatch(/^invalid/);
  });

  it("writes amounts in kronor with two decimals and refuses an empty batch", () => {
    expect(amountText(0)).toBe("0.00");
    expect(amountText(105)).toBe("1.05");
    expect(amountText(12_345_678)).toBe("123456.78");
    expect(() => amountText(1.5)).toThrow();
    expect(() => buildBankFile({ ...batch, payments: [] })).toThrow();
  });
});
