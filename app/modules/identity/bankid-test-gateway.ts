/**
 * An in-memory BankID for service tests only: orders answer `pending` until a test completes
 * or fails them, and every call is counted. HTTP and browser tests use the real fake server
 * (server/fakes/bankid.ts) instead.
 */
import { randomUUID } from "node:crypto";
import { BankIdError, type BankIdCollect, type BankIdGateway, type BankIdUser } from "./bankid-gateway.server";

export interface TestBankId extends BankIdGateway {
  calls: { auth: number; collect: number; cancel: number };
  /** The last order's ref and secret. */
  latest(): { orderRef: string; qrStartToken: string; qrStartSecret: string; endUserIp: string };
  complete(orderRef: string, user: Omit<BankIdUser, "name">): void;
  fail(orderRef: string, hintCode: string): void;
  pending(orderRef: string, hintCode: string): void;
  /** The next call of `collect` throws this. */
  breakNextCollect(error: BankIdError): void;
}

export function createTestBankId(): TestBankId {
  const orders = new Map<string, { answer: BankIdCollect; qrStartToken: string; qrStartSecret: string; endUserIp: string }>();
  let last: string | undefined;
  let broken: BankIdError | undefined;
  const calls = { auth: 0, collect: 0, cancel: 0 };
  const order = (orderRef: string) => {
    const found = orders.get(orderRef);
    if (!found) throw new BankIdError("notFound", "No such order", 400);
    return found;
  };
  return {
    calls,
    async auth(request) {
      calls.auth++;
      const orderRef = randomUUID();
      orders.set(orderRef, {
        answer: { orderRef, status: "pending", hintCode: "outstandingTransaction" },
        qrStartToken: randomUUID(),
        qrStartSecret: randomUUID(),
        endUserIp: request.endUserIp,
      });
      last = orderRef;
      const { qrStartToken, qrStartSecret } = orders.get(orderRef)!;
      return { orderRef, autoStartToken: randomUUID(), qrStartToken, qrStartSecret };
    },
    async sign(request) {
      return this.auth(request);
    },
    async collect(orderRef) {
      calls.collect++;
      if (broken) {
        const error = broken;
        broken = undefined;
        throw error;
      }
      return order(orderRef).answer;
    },
    async cancel(orderRef) {
      calls.cancel++;
      order(orderRef).answer = { orderRef, status: "failed", hintCode: "cancelled" };
    },
    latest() {
      const { qrStartToken, qrStartSecret, endUserIp } = order(last!);
      return { orderRef: last!, qrStartToken, qrStartSecret, endUserIp };
    },
    complete(orderRef, user) {
      order(orderRef).answer = {
        orderRef,
        status: "complete",
        completionData: {
          user: { ...user, name: `${user.givenName} ${user.surname}` },
          device: { ipAddress: order(orderRef).endUserIp },
          bankIdIssueDate: "2024-01-01",
          signature: "",
          ocspResponse: "",
        },
      };
    },
    fail(orderRef, hintCode) {
      order(orderRef).answer = { orderRef, status: "failed", hintCode };
    },
    pending(orderRef, hintCode) {
      order(orderRef).answer = { orderRef, status: "pending", hintCode };
    },
    breakNextCollect(error) {
      broken = error;
    },
  };
}
