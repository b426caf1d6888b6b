/**
 * The BankID relying-party API v6.0 as the app sees it: the four calls we use, in BankID's own
 * field names, so the adapter (bankid-client.server.ts) is a thin transport and the local fake
 * (server/fakes/bankid.ts) answers the same shapes.
 */

/** What `/auth` and `/sign` answer. The secret stays on the server; only derived QR data leaves it. */
export interface BankIdOrder {
  orderRef: string;
  autoStartToken: string;
  qrStartToken: string;
  qrStartSecret: string;
}

export interface BankIdAuthRequest {
  /** The end user's address as our trusted proxy header gives it. */
  endUserIp: string;
  /** Shown in the BankID app (plain text; sent base64-encoded). */
  userVisibleData?: string;
  /** Not shown; sent base64-encoded. */
  userNonVisibleData?: string;
}

export interface BankIdSignRequest extends BankIdAuthRequest {
  userVisibleData: string;
}

export interface BankIdUser {
  /** 12 digits, YYYYMMDDNNNC (a samordningsnummer has day + 60). */
  personalNumber: string;
  name: string;
  givenName: string;
  surname: string;
}

export interface BankIdCompletionData {
  user: BankIdUser;
  device: { ipAddress: string; uhi?: string };
  bankIdIssueDate: string;
  stepUp?: { mrtd: boolean };
  signature: string;
  ocspResponse: string;
}

export type BankIdCollect =
  | { orderRef: string; status: "pending"; hintCode: string }
  | { orderRef: string; status: "failed"; hintCode: string }
  | { orderRef: string; status: "complete"; completionData: BankIdCompletionData };

export interface BankIdGateway {
  auth(request: BankIdAuthRequest): Promise<BankIdOrder>;
  sign(request: BankIdSignRequest): Promise<BankIdOrder>;
  collect(orderRef: string): Promise<BankIdCollect>;
  cancel(orderRef: string): Promise<void>;
}

/** An error answer from the API (`{ errorCode, details }`) or a transport failure (`errorCode` "transport"). */
export class BankIdError extends Error {
  constructor(
    readonly errorCode: string,
    readonly details: string,
    readonly status: number,
  ) {
    super(`BankID ${status} ${errorCode}`);
    this.name = "BankIdError";
  }
}
