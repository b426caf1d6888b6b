/**
 * Bank payment files through the production build (decision 050): an admin makes a file of the
 * due bank payouts, downloads it (an attachment that validates against the pain.001.001.03 XSD,
 * never cached), the queue and the member's page say "Skickad till banken", and one confirmation
 * marks the file paid. Hostile input gets a Swedish 4xx and changes nothing.
 */
import { eq, inArray } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payoutKeyring } from "~/modules/selling/payout-encryption.server";
import { account, payout_batches, sell_orders, user } from "~/platform/db/schema";
import { createBankSeller, createDueOrder } from "~/modules/payouts/payout-batch-fixtures";
import { createSeller } from "~/modules/selling/sell-order-fixtures";
import { validatePain001 } from "~/modules/payouts/fixtures/validate-xml";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { formBody, MEMBER_PASSWORD, signInCookie, makeStaff } from "./test-members";

let server: InProcessServer;
let adminCookie: string;
let memberCookie: string;
let memberOrder: string;
const orders: string[] = [];
const db = () => server.database.db;
const PATH = "/admin/transactions/utbetalningar";

async function signedIn(email: string, name: { firstName: string; lastName: string }) {
  const userId = await createSeller(db(), payoutKeyring(), { email, ...name });
  await db().update(user).set({ emailVerified: true }).where(eq(user.id, userId));
  await db().insert(account).values({ accountId: userId, providerId: "credential", userId, password: await hashPassword(MEMBER_PASSWORD) });
  return { userId, email, cookie: await signInCookie(server.url, email) };
}

beforeAll(async () => {
  server = await startInProcessServer({ PAYOUT_BANK_IBAN: "SE45 5000 0000 0583 9825 7466", PAYOUT_BANK_BIC: "ESSESESS" });
  const admin = await signedIn("bankfil-admin@example.se", { firstName: "Ada", lastName: "Admin" });
  await makeStaff(server, admin, "admin");
  adminCookie = admin.cookie;
  const member = await signedIn("bankfil-medlem@example.se", { firstName: "Maja", lastName: "Medlem" });
  memberCookie = member.cookie;
  await createBankSeller(db(), payoutKeyring(), { firstName: "Maja", lastName: "Medlem", userId: member.userId });
  memberOrder = await createDueOrder(db(), member.userId, { priceOre: 50_000 });
  orders.push(memberOrder);
  for (const [firstName, index] of [["Nils", 1], ["Olga", 2]] as const) {
    const seller = await createBankSeller(db(), payoutKeyring(), { firstName, lastName: "Säljare" });
    orders.push(await createDueOrder(db(), seller, { priceOre: 10_000 * index + 1 }));
  }
}, 120_000);
afterAll(async () => {
  await server?.close();
});

function post(fields: Record<string, string> | string, cookie: string | null, type = "application/x-www-form-urlencoded") {
  return fetch(`${server.url}${PATH}.data`, {
    method: "POST",
    headers: { origin: server.url, "content-type": type, ...(cookie ? { cookie } : {}) },
    body: typeof fields === "string" ? fields : formBody(fields),
    redirect: "manual",
  });
}

const batchCount = async () => (await db().select().from(payout_batches)).length;

describe("bank payment files over HTTP (decision 050)", () => {
  it("refuses hostile input and members with a 4xx that changes nothing", async () => {
    const bodies: Record<string, string>[] = [
      { intent: "mark-batch-paid", batchId: "x\u0000" },
      { intent: "mark-batch-paid", batchId: "'; DROP TABLE payout_batches; --" },
      { intent: "mark-batch-paid" },
      { intent: "return-batch-order", batchId: "00000000-0000-4000-8000-000000000000", orderId: "../../etc" },
      { intent: "create-batches" },
    ];
    for (const body of bodies) {
      const response = await post(body, adminCookie);
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(/Välj en bankfil|Välj en order|Ogiltig förfrågan|tecken som inte är tillåtna/);
    }
    expect((await post("[1,2]", adminCookie, "application/json")).status).toBe(400);
    const unknown = await post({ intent: "mark-batch-paid", batchId: "00000000-0000-4000-8000-000000000000" }, adminCookie);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Bankfilen finns inte.");
    expect([403, 404]).toContain((await post({ intent: "create-batch" }, memberCookie)).status);
    expect((await post({ intent: "create-batch" }, null)).status).toBeGreaterThanOrEqual(300);
    expect(await batchCount()).toBe(0);
    for (const id of ["not-a-uuid", "..%2F..%2Fetc%2Fpasswd", "00000000-0000-4000-8000-000000000000"]) {
      const download = await fetch(`${server.url}${PATH}/bankfil/${id}`, { headers: { cookie: adminCookie } });
      expect(download.status).toBe(404);
    }
  });

  it("makes a file an admin downloads, shows it sent to the bank, and marks it paid with one confirmation", async () => {
    const created = await post({ intent: "create-batch" }, adminCookie);
    expect(created.status).toBe(200);
    expect(await created.text()).toContain("3 betalningar");
    const [batch] = await db().select().from(payout_batches);
    expect((await post({ intent: "create-batch" }, adminCookie)).status).toBe(409);
    expect(await batchCount()).toBe(1);

    const queue = (await (await fetch(`${server.url}${PATH}`, { headers: { cookie: adminCookie } })).text()).replace(/<!-- -->/g, "");
    expect(queue).toContain("Skickad till banken");
    expect(queue).toContain(batch!.message_id);
    expect(queue).toContain("Maja Medlem");
    expect(queue).toContain("Markera batchen som betald");
    const page = (await (await fetch(`${server.url}/mina-affarer/${memberOrder}`, { headers: { cookie: memberCookie } })).text()).replace(/<!-- -->/g, "");
    expect(page).toContain("Skickad till banken");

    const download = await fetch(`${server.url}${PATH}/bankfil/${batch!.id}`, { headers: { cookie: adminCookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${batch!.message_id}.xml"`);
    expect(download.headers.get("cache-control")).toContain("no-store");
    const xml = await download.text();
    expect(validatePain001(xml)).toBe("valid");
    expect(xml).toContain("<NbOfTxs>3</NbOfTxs>");
    expect(xml).toContain("<CtrlSum>800.02</CtrlSum>");
    expect(xml).toContain("<Nm>Maja Medlem</Nm>");
    const byMember = await fetch(`${server.url}${PATH}/bankfil/${batch!.id}`, { headers: { cookie: memberCookie } });
    expect([403, 404]).toContain(byMember.status);
    expect(await byMember.text()).not.toContain("CstmrCdtTrfInitn");

    const paid = await post({ intent: "mark-batch-paid", batchId: batch!.id }, adminCookie);
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain("3 ordrar är markerade som utbetalda");
    const again = await post({ intent: "mark-batch-paid", batchId: batch!.id }, adminCookie);
    expect(await again.text()).toContain("redan markerad som betald");
    const rows = await db().select().from(sell_orders).where(inArray(sell_orders.id, orders));
    expect(rows.map((row) => row.status)).toEqual(["paid", "paid", "paid"]);
    expect(rows.map((row) => row.payout_reference)).toEqual(orders.map(() => batch!.message_id));
  });
});
