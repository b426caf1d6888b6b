/**
 * Payout details through the production build (docs/rules/selling.md#changing-payout-details):
 * who may post them, hostile input, the password, and that no plain detail comes back.
 */
import { eq, sql } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember as createLoyaltyMember } from "~/modules/loyalty/test-fixtures";
import { queryRows } from "~/platform/db/client.server";
import { account, payout_details, user } from "~/platform/db/schema";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { formBody, MEMBER_PASSWORD, signInCookie } from "./test-members";

let server: InProcessServer;
let cookie: string;
let userId: string;
const PERSONNUMMER = "19811218-9876";
const SWISH = { intent: "payout-details", method: "swish", swish_phone: "070-123 45 12", personnummer: PERSONNUMMER };

beforeAll(async () => {
  server = await startInProcessServer();
  const email = "utbetalning-http@example.se";
  userId = await createLoyaltyMember(server.database.db, { email });
  await server.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
  await server.database.db
    .insert(account)
    .values({ accountId: userId, providerId: "credential", userId, password: await hashPassword(MEMBER_PASSWORD) });
  cookie = await signInCookie(server.url, email);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

function post(fields: Record<string, string>, withCookie = true) {
  return fetch(`${server.url}/profile.data`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded", ...(withCookie ? { cookie } : {}) },
    body: formBody(fields),
    redirect: "manual",
  });
}

describe("POST /profile intent=payout-details", () => {
  it("refuses a signed-out visitor", async () => {
    const response = await post({ ...SWISH, password: MEMBER_PASSWORD }, false);
    expect(response.status).not.toBe(200);
    expect(await server.database.db.select().from(payout_details).where(eq(payout_details.user_id, userId))).toHaveLength(0);
  });

  it("refuses hostile and invalid input with Swedish 4xx", async () => {
    const nul = await post({ ...SWISH, personnummer: "811218\u00009876", password: MEMBER_PASSWORD });
    expect(nul.status).toBe(400);
    expect(await nul.text()).toContain("Fältet innehåller tecken som inte är tillåtna.");
    const long = await post({ ...SWISH, swish_phone: "0".repeat(500), password: MEMBER_PASSWORD });
    expect(long.status).toBe(400);
    const bad = await post({ ...SWISH, personnummer: "811218-9877", password: MEMBER_PASSWORD });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Personnumret är inte giltigt");
    const noPassword = await post(SWISH);
    expect(noPassword.status).toBe(400);
    expect(await noPassword.text()).toContain("Ange ditt lösenord");
  });

  it("refuses a wrong password, and saves with the right one, answering only masked details", async () => {
    const wrong = await post({ ...SWISH, password: "Fel#Losen2026" });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toContain("Fel lösenord.");
    expect(await server.database.db.select().from(payout_details).where(eq(payout_details.user_id, userId))).toHaveLength(0);

    const saved = await post({ ...SWISH, password: MEMBER_PASSWORD });
    expect(saved.status).toBe(200);
    const body = await saved.text();
    expect(body).toContain("07•• ••• •12");
    expect(body).not.toMatch(/198112189876|811218|0701234512|123 45 12/);
    expect(body).not.toContain(MEMBER_PASSWORD);

    const page = await fetch(`${server.url}/profile`, { headers: { cookie } });
    const html = (await page.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("07•• ••• •12");
    expect(html).toContain("Sälja skins");
    expect(html).toContain("utbetalningar kan göras från");
    expect(html).not.toMatch(/198112189876|811218-9876|0701234512/);

    // What the change leaves behind elsewhere — the member's mail, the security event and the
    // masked history — names the details only masked.
    const stored = await queryRows<{ text: string }>(
      server.database.db,
      sql`SELECT text || html AS text FROM email_outbox WHERE to_address = 'utbetalning-http@example.se'
          UNION ALL SELECT coalesce(details::text, '') FROM security_events WHERE user_id = ${userId}
          UNION ALL SELECT row_to_json(h)::text FROM payout_details_history h WHERE user_id = ${userId}`,
    );
    expect(stored.length).toBeGreaterThanOrEqual(3);
    for (const row of stored) expect(row.text).not.toMatch(/198112189876|811218-?9876|0701234512|070-123 45 12/);
    expect(stored.some((row) => row.text.includes("07•• ••• •12"))).toBe(true);
  });
});
