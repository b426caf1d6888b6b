/**
 * Trade bot accounts (docs/rules/bots.md) through the real server: an admin adds a bot on
 * /admin/transactions/botar, turns it off and on and replaces its credentials; members are
 * refused; hostile input is answered in Swedish and changes nothing. The secrets are sealed at
 * once: they appear in no page, answer, audit row or database column, and only the sender's
 * `openBotCredentials` reads them back.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOT_LIMITS, BOT_MESSAGES, BOT_STATUS_LABELS } from "~/modules/bots/bot-constants";
import { openBotCredentials } from "~/modules/bots/bots.server";
import { createMember } from "~/modules/loyalty/test-fixtures";
import { payoutKeyring } from "~/modules/selling/payout-encryption.server";
import { account, audit_log, trade_bots, user } from "~/platform/db/schema";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { formBody, makeStaff, MEMBER_PASSWORD, signInCookie } from "./test-members";

let server: InProcessServer;
let adminCookie: string;
let memberCookie: string;
const db = () => server.database.db;
const PATH = "/admin/transactions/botar";

const guardSecret = () => randomBytes(20).toString("base64");
const SECRETS = {
  refresh_token: `eyJhbGciOiJFUzI1NiJ9.${randomBytes(48).toString("base64url")}.${randomBytes(32).toString("base64url")}`,
  shared_secret: guardSecret(),
  identity_secret: guardSecret(),
};
const BOT = { steam_id: "76561198000001001", display_name: "Skinhamnen Bot 1" };

async function signedIn(email: string) {
  const userId = await createMember(db(), { email });
  await db().update(user).set({ emailVerified: true }).where(eq(user.id, userId));
  await db().insert(account).values({ accountId: userId, providerId: "credential", userId, password: await hashPassword(MEMBER_PASSWORD) });
  return { userId, email, cookie: await signInCookie(server.url, email) };
}

beforeAll(async () => {
  server = await startInProcessServer();
  const admin = await signedIn("bot-admin@example.se");
  await makeStaff(server, admin, "admin");
  adminCookie = admin.cookie;
  memberCookie = (await signedIn("bot-medlem@example.se")).cookie;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

function post(fields: Record<string, string>, cookie: string) {
  return fetch(`${server.url}${PATH}.data`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded", cookie },
    body: formBody(fields),
    redirect: "manual",
  });
}

/** Every place a secret could leak to: the page, the row's columns, the audit log. */
async function expectNoSecretIn(...texts: string[]) {
  const [row] = await db().select().from(trade_bots).where(eq(trade_bots.steam_id, BOT.steam_id));
  const audit = await db().select().from(audit_log).where(eq(audit_log.entity_type, "trade_bot"));
  const everywhere = [...texts, JSON.stringify(row ?? {}), JSON.stringify(audit)].join("\n");
  for (const secret of Object.values(SECRETS)) expect(everywhere).not.toContain(secret);
}

describe("trade bots on /admin/transactions/botar", () => {
  it("refuses members and hostile input in Swedish, adding nothing", async () => {
    const asMember = await post({ intent: "add", ...BOT, ...SECRETS }, memberCookie);
    expect([403, 404]).toContain(asMember.status);
    const bodies: Array<[Record<string, string>, string]> = [
      [{ intent: "add", ...BOT, ...SECRETS, steam_id: "1'; DROP TABLE trade_bots; --" }, BOT_MESSAGES.steamId],
      [{ intent: "add", ...BOT, ...SECRETS, shared_secret: "inte base64" }, BOT_MESSAGES.secret],
      [{ intent: "add", ...BOT, ...SECRETS, refresh_token: "x".repeat(5_000) }, BOT_MESSAGES.refreshToken],
      [{ intent: "add", ...BOT, ...SECRETS, display_name: "" }, BOT_MESSAGES.displayName],
      [{ intent: "disable", botId: "../../etc/passwd" }, BOT_MESSAGES.notFound],
      [{ intent: "__proto__" }, BOT_MESSAGES.invalidRequest],
    ];
    for (const [body, message] of bodies) {
      const response = await post(body, adminCookie);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const text = await response.text();
      expect(text).toContain(message);
      await expectNoSecretIn(text);
    }
    expect(await db().select().from(trade_bots)).toHaveLength(0);
  });

  it("adds a bot with its secrets sealed; the page and the answer never carry them; a second with the same Steam id is refused", async () => {
    const added = await post({ intent: "add", ...BOT, ...SECRETS }, adminCookie);
    expect(added.status).toBe(200);
    const answer = await added.text();
    expect(answer).toContain(`Boten ${BOT.display_name} är tillagd.`);
    const page = await (await fetch(`${server.url}${PATH}`, { headers: { cookie: adminCookie } })).text();
    expect(page).toContain(BOT.display_name);
    expect(page).toContain(BOT.steam_id);
    expect(page).toContain("Aktiv");
    await expectNoSecretIn(answer, page);
    const [row] = await db().select().from(trade_bots).where(eq(trade_bots.steam_id, BOT.steam_id));
    expect(await openBotCredentials(db(), payoutKeyring(), row!.id)).toEqual({
      steamId: BOT.steam_id,
      refreshToken: SECRETS.refresh_token,
      sharedSecret: SECRETS.shared_secret,
      identitySecret: SECRETS.identity_secret,
    });
    const again = await post({ intent: "add", ...BOT, ...SECRETS, display_name: "Kopia" }, adminCookie);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(BOT_MESSAGES.duplicate);
    expect(await db().select().from(trade_bots)).toHaveLength(1);
  });

  it("shows each bot's status, open offers, inventory, level, account age, last check and error, and how to get a refresh token", async () => {
    const [row] = await db().select().from(trade_bots).where(eq(trade_bots.steam_id, BOT.steam_id));
    const empty = (await (await fetch(`${server.url}${PATH}`, { headers: { cookie: adminCookie } })).text()).replace(/<!-- -->/g, "");
    expect(empty).toContain("npm run bot:login");
    expect(empty).toContain("Inte kontrollerad än");
    expect(empty).toContain(`0 av ${BOT_LIMITS.maxActiveOffers}`);
    await db()
      .update(trade_bots)
      .set({
        status: "session_expired",
        last_error: BOT_MESSAGES.sessionExpired,
        inventory_size: 417,
        steam_level: 37,
        account_created_at: new Date("2014-06-01T12:00:00Z"),
        profile_refreshed_at: new Date("2026-11-30T09:05:00Z"),
      })
      .where(eq(trade_bots.id, row!.id));
    const page = (await (await fetch(`${server.url}${PATH}`, { headers: { cookie: adminCookie } })).text()).replace(/<!-- -->/g, "");
    for (const text of [BOT_STATUS_LABELS.session_expired, BOT_MESSAGES.sessionExpired, "417", "37", "Konto skapat 2014", "2026-11-30 10:05"]) expect(page).toContain(text);
    await expectNoSecretIn(page);
    await db().update(trade_bots).set({ status: "active", last_error: null }).where(eq(trade_bots.id, row!.id));
  });

  it("turns a bot off and on and replaces its credentials, each audited without the values", async () => {
    const [row] = await db().select().from(trade_bots).where(eq(trade_bots.steam_id, BOT.steam_id));
    expect((await post({ intent: "disable", botId: row!.id }, adminCookie)).status).toBe(200);
    expect((await db().select().from(trade_bots).where(eq(trade_bots.id, row!.id)))[0]!.status).toBe("disabled");
    expect((await post({ intent: "enable", botId: row!.id }, adminCookie)).status).toBe(200);
    const fresh = { refresh_token: `eyJhbGciOiJFUzI1NiJ9.${randomBytes(40).toString("base64url")}.sig`, shared_secret: guardSecret(), identity_secret: guardSecret() };
    const replaced = await post({ intent: "credentials", botId: row!.id, ...fresh }, adminCookie);
    expect(replaced.status).toBe(200);
    expect((await openBotCredentials(db(), payoutKeyring(), row!.id))?.refreshToken).toBe(fresh.refresh_token);
    const actions = (await db().select().from(audit_log).where(eq(audit_log.entity_id, row!.id))).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["bot.add", "bot.disable", "bot.enable", "bot.credentials"]));
    const audit = JSON.stringify(await db().select().from(audit_log).where(eq(audit_log.entity_id, row!.id)));
    for (const secret of Object.values(fresh)) expect(audit).not.toContain(secret);
    const unknown = await post({ intent: "enable", botId: "00000000-0000-4000-8000-000000000000" }, adminCookie);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(BOT_MESSAGES.notFound);
  });
});
