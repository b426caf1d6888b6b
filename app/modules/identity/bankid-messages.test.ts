import { describe, expect, it } from "vitest";
import { BANKID_RFA, bankIdLaunchUrl, errorMessage, failedMessage, pendingMessage } from "./bankid-messages";

describe("BankID user messages", () => {
  it("pending hints follow the flow the member chose", () => {
    expect(pendingMessage("outstandingTransaction", "this_device")).toBe(BANKID_RFA.RFA13);
    expect(pendingMessage("outstandingTransaction", "qr")).toBe(BANKID_RFA.RFA1);
    expect(pendingMessage("noClient", "qr")).toBe(BANKID_RFA.RFA1);
    expect(pendingMessage("started", "this_device")).toBe(BANKID_RFA.RFA14A);
    expect(pendingMessage("started", "qr")).toBe(BANKID_RFA.RFA14B);
    expect(pendingMessage("userSign", "qr")).toBe(BANKID_RFA.RFA9);
    expect(pendingMessage("userMrtd", "qr")).toBe(BANKID_RFA.RFA23);
    expect(pendingMessage("somethingNew", "qr")).toBe(BANKID_RFA.RFA21);
  });

  it("failed hints", () => {
    expect(failedMessage("userCancel", "qr")).toBe("Åtgärden avbruten.");
    expect(failedMessage("expiredTransaction", "qr")).toMatch(/^BankID-appen svarar inte\./);
    expect(failedMessage("certificateErr", "qr")).toBe(BANKID_RFA.RFA16);
    expect(failedMessage("cancelled", "qr")).toBe(BANKID_RFA.RFA3);
    expect(failedMessage("startFailed", "this_device")).toBe(BANKID_RFA.RFA17A);
    expect(failedMessage("startFailed", "qr")).toBe(BANKID_RFA.RFA17B);
    expect(failedMessage("somethingNew", "qr")).toBe(BANKID_RFA.RFA22);
  });

  it("API errors", () => {
    expect(errorMessage("alreadyInProgress")).toBe(BANKID_RFA.RFA4);
    expect(errorMessage("maintenance")).toBe(BANKID_RFA.RFA5);
    expect(errorMessage("transport")).toBe(BANKID_RFA.RFA5);
    expect(errorMessage("invalidParameters")).toBe(BANKID_RFA.RFA22);
  });

  it("the launch link carries the token and no redirect", () => {
    expect(bankIdLaunchUrl("7c40b5c9-fa74-49cf-b98c-bfe651f9a7c6")).toBe(
      "bankid:///?autostarttoken=7c40b5c9-fa74-49cf-b98c-bfe651f9a7c6&redirect=null",
    );
  });
});
