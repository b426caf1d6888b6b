import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAMPAIGN } from "~/modules/newsletter/newsletter-constants";
import { createMember } from "~/modules/loyalty/test-fixtures";
import { openPostgres, queryRows, type Database } from "~/platform/db/client.server";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { claimRecipients, markOutcome, retryDelayMs, sendDueCampaigns, surelyNotAccepted } from "./campaign-sender.server";
import {
  campaignMail,
  countListRecipients,
  createCampaign,
  getCampaign,
  listRecipients,
  resendUnknown,
  startCampaign,
  updateCampaign,
} from "./campaigns.server";
import { readUnsubscribeToken, unsubscribe, unsubscribeToken } from "./unsubscribe.server";

let database: TestDatabase;
const db = () => database.db;
let staff: string;

beforeAll(async () => {
  database = await createTestDatabase();
  staff = await createMember(db(), { email: "personal@example.se" });
});
afterAll(async () => {
  await database?.close();
});

const body = { subject: "Nyheter i november", body: "<h2>Hej!</h2><p>Nya skins.</p><script>alert(1)</script>" };

async function subscriber(email: string, options: { confirmed?: boolean; subscribed?: boolean; userId?: string } = {}) {
  await db().execute(sql`
    INSERT INTO newsletter_subscriptions (email, user_id, email_subscribed, confirmed_at)
    VALUES (${email}, ${options.userId ?? null}, ${options.subscribed ?? true}, ${options.confirmed === false ? null : sql`now()`})`);
}

async function recipientsOf(campaignId: string) {
  return queryRows<{ id: string; email: string; status: string; attempts: number }>(
    db(),
    sql`SELECT id, email, status, attempts FROM newsletter_campaign_recipients WHERE campaign_id = ${campaignId} ORDER BY lower(email)`,
  );
}

async function freshCampaign(list: "newsletter" | "launch" = "newsletter") {
  const campaign = await createCampaign(db(), { actorUserId: staff, values: body });
  const started = await startCampaign(db(), { actorUserId: staff, campaignId: campaign.id, list });
  return { campaign, started };
}

/** A delivery that records each address and can fail as a test asks. */
function recorder(fail: (to: string) => unknown = () => null) {
  const delivered: string[] = [];
  return {
    delivered,
    deliver: async (mail: ReturnType<typeof campaignMail>) => {
      const error = fail(mail.to);
      if (error) throw error;
      delivered.push(mail.to.toLowerCase());
    },
  };
}

describe("unsubscribe tokens (docs/rules/newsletter.md#unsubscribing)", () => {
  it("name the lower-cased address and the list, and refuse anything forged or altered", () => {
    const token = unsubscribeToken("Anna@Example.se", "newsletter");
    expect(readUnsubscribeToken(token)).toEqual({ email: "anna@example.se", list: "newsletter" });
    expect(readUnsubscribeToken(unsubscribeToken("anna@example.se", "launch"))).toEqual({ email: "anna@example.se", list: "launch" });
    const [list, address, signature] = token.split(".");
    expect(readUnsubscribeToken(`l.${address}.${signature}`)).toBeNull();
    expect(readUnsubscribeToken(`${list}.${Buffer.from("bo@example.se").toString("base64url")}.${signature}`)).toBeNull();
    expect(readUnsubscribeToken(unsubscribeToken("anna@example.se", "newsletter", Buffer.from("another key of thirty-two bytes!!")))).toBeNull();
    for (const junk of ["", "x", `${token}x`, token.replace(/.$/, "\u0000"), 42, null, ["a"], "a".repeat(600)]) {
      expect(readUnsubscribeToken(junk)).toBeNull();
    }
  });

  it("turn the newsletter off on every row of the address, idempotently, and forget a launch sign-up", async () => {
    const member = await createMember(db(), { email: "Kalle@Example.se" });
    await subscriber("Kalle@Example.se", { userId: member });
    await subscriber("kalle@example.se");
    await subscriber("annan@example.se");
    expect(await unsubscribe(db(), { email: "kalle@example.se", list: "newsletter" })).toEqual({ changed: 2 });
    expect(await unsubscribe(db(), { email: "kalle@example.se", list: "newsletter" })).toEqual({ changed: 0 });
    const rows = await queryRows<{ email: string; email_subscribed: boolean }>(
      db(),
      sql`SELECT email, email_subscribed FROM newsletter_subscriptions WHERE lower(email) IN ('kalle@example.se', 'annan@example.se') ORDER BY email`,
    );
    expect(rows).toEqual([
      { email: "Kalle@Example.se", email_subscribed: false },
      { email: "annan@example.se", email_subscribed: true },
      { email: "kalle@example.se", email_subscribed: false },
    ]);
    await db().execute(sql`INSERT INTO launch_notifications (email) VALUES ('Lansering@Example.se')`);
    expect(await unsubscribe(db(), { email: "lansering@example.se", list: "launch" })).toEqual({ changed: 1 });
    expect(await unsubscribe(db(), { email: "lansering@example.se", list: "launch" })).toEqual({ changed: 0 });
  });
});

describe("campaigns (docs/rules/newsletter.md#campaigns)", () => {
  it("are stored sanitised, edited only as drafts, and audited", async () => {
    const campaign = await createCampaign(db(), { actorUserId: staff, values: body });
    expect(campaign.bodyHtml).toContain("<h2>Hej!</h2>");
    expect(campaign.bodyHtml).not.toContain("script");
    const updated = await updateCampaign(db(), { actorUserId: staff, campaignId: campaign.id, values: { subject: "Ny rubrik", body: "<p onclick=\"x()\">Text</p>" } });
    expect(updated).toMatchObject({ ok: true, campaign: { subject: "Ny rubrik", bodyHtml: "<p>Text</p>" } });
    const audit = await queryRows<{ action: string }>(db(), sql`SELECT action FROM audit_log WHERE entity_id = ${campaign.id} ORDER BY created_at`);
    expect(audit.map((row) => row.action)).toEqual(["newsletter_campaign.create", "newsletter_campaign.update"]);
  });

  it("go to each confirmed, subscribed address once, whatever its case and however many rows it has", async () => {
    await db().execute(sql`DELETE FROM newsletter_subscriptions`);
    const member = await createMember(db(), { email: "Lisa@Example.se" });
    await subscriber("Lisa@Example.se", { userId: member });
    await subscriber("lisa@example.se");
    await subscriber("per@example.se");
    await subscriber("obekraftad@example.se", { confirmed: false });
    await subscriber("avregistrerad@example.se", { subscribed: false });
    expect(await countListRecipients(db(), "newsletter")).toBe(2);
    const { campaign, started } = await freshCampaign();
    expect(started).toEqual({ ok: true, recipients: 2 });
    expect((await recipientsOf(campaign.id)).map((row) => [row.email, row.status])).toEqual([
      ["Lisa@Example.se", "pending"],
      ["per@example.se", "pending"],
    ]);
    expect(await startCampaign(db(), { actorUserId: staff, campaignId: campaign.id, list: "newsletter" })).toMatchObject({ ok: false, code: "not_draft" });
    expect(await updateCampaign(db(), { actorUserId: staff, campaignId: campaign.id, values: body })).toMatchObject({ ok: false, code: "not_draft" });
  });

  it("are sent once when two staff press send together", async () => {
    const campaign = await createCampaign(db(), { actorUserId: staff, values: body });
    const results = await Promise.all([1, 2, 3].map(() => startCampaign(db(), { actorUserId: staff, campaignId: campaign.id, list: "newsletter" })));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await recipientsOf(campaign.id)).toHaveLength(2);
  });

  it("stay drafts when the list is empty", async () => {
    await db().execute(sql`DELETE FROM launch_notifications`);
    const { campaign, started } = await freshCampaign("launch");
    expect(started).toMatchObject({ ok: false, code: "no_recipients" });
    expect((await getCampaign(db(), campaign.id))?.status).toBe("draft");
  });

  it("carry the unsubscribe link and the RFC 8058 headers for the recipient's list", () => {
    const mail = campaignMail({ subject: "Ämne", bodyHtml: "<p>Hej</p>" }, "Anna@Example.se", "launch");
    const url = mail.data.unsubscribeUrl;
    expect(url).toMatch(/\/nyhetsbrev\/avregistrera\?token=l\./);
    expect(readUnsubscribeToken(new URL(url).searchParams.get("token"))).toEqual({ email: "anna@example.se", list: "launch" });
    expect(mail.headers).toEqual({ "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  });
});

describe("sending (docs/decisions/028-campaign-exactly-once.md)", () => {
  async function campaignTo(addresses: string[]) {
    await db().execute(sql`DELETE FROM newsletter_campaigns`);
    await db().execute(sql`DELETE FROM newsletter_subscriptions`);
    for (const address of addresses) await subscriber(address);
    const { campaign } = await freshCampaign();
    return campaign.id;
  }

  it("mails every recipient once and marks the campaign sent", async () => {
    const id = await campaignTo(["a@example.se", "b@example.se", "c@example.se"]);
    const sink = recorder();
    const result = await sendDueCampaigns(database.db, { perMinute: 60_000, maxWaitMs: 0, deliver: sink.deliver });
    expect(result).toMatchObject({ sent: 3, failed: 0, unknown: 0 });
    expect(sink.delivered.sort()).toEqual(["a@example.se", "b@example.se", "c@example.se"]);
    expect(await getCampaign(db(), id)).toMatchObject({ status: "sent", progress: { total: 3, sent: 3, remaining: 0 } });
    // A later run finds nothing to do.
    expect(await sendDueCampaigns(database.db, { perMinute: 60_000, maxWaitMs: 0, deliver: sink.deliver })).toMatchObject({ campaigns: 0, sent: 0 });
  });

  it("retries a mail the server refused with back-off, then gives up as failed", async () => {
    const id = await campaignTo(["ok@example.se", "full@example.se"]);
    const refused = Object.assign(new Error("Mailbox full"), { responseCode: 452, command: "RCPT TO" });
    const sink = recorder((to) => (to === "full@example.se" ? refused : null));
    await sendDueCampaigns(database.db, { perMinute: 60_000, maxWaitMs: 0, deliver: sink.deliver });
    let [full] = (await recipientsOf(id)).filter((row) => row.email === "full@example.se");
    expect(full).toMatchObject({ status: "pending", attempts: 1 });
    const [due] = await queryRows<{ later: boolean }>(
      db(),
      sql`SELECT next_attempt_at > now() + interval '20 seconds' AS later FROM newsletter_campaign_recipients WHERE id = ${full!.id}`,
    );
    expect(due?.later).toBe(true);
    for (let attempt = 2; attempt <= CAMPAIGN.maxAttempts; attempt++) {
      await db().execute(sql`UPDATE newsletter_campaign_recipients SET next_attempt_at = now() WHERE id = ${full!.id}`);
      await sendDueCampaigns(database.db, { perMinute: 60_000, maxWaitMs: 0, deliver: sink.deliver });
    }
    [full] = (await recipientsOf(id)).filter((row) => row.email === "full@example.se");
    expect(full).toMatchObject({ status: "failed", attempts: CAMPAIGN.maxAttempts });
    expect(sink.delivered).toEqual(["ok@example.se"]);
    expect(await getCampaign(db(), id)).toMatchObject({ status: "sent", progress: { sent: 1, failed: 1, unknown: 0, remaining: 0 } });
  });

  it("never retries a mail whose fate is unknown (the connection broke after the message was sent)", async () => {
    const id = await campaignTo(["osaker@example.se"]);
    const broken = Object.assign(new Error("Connection closed unexpectedly"), { code: "ECONNECTION", command: "DATA" });
    const sink = recorder(() => broken);
    expect(await sendDueCampaigns(database.db, { perMinute: 60_000, maxWaitMs: 0, deliver: sink.deliver })).toMatchObject({ unknown: 1, sent: 0 });
    expect(await getCampaign(db(), id)).toMatchObject({ status: "sent", progress: { unknown: 1, remaining: 0 } });
    expect(await sendDueCampaigns(database.db, { perMinute: 60_000, maxWaitMs: 0, deliver: recorder().deliver })).toMatchObject({ sent: 0 });
  });

  it("turns a claim nobody marked into unknown, and sends it again only when staff ask", async () => {
    const id = await campaignTo(["claimed@example.se", "rest@example.se"]);
    // A sender that died between its claim and the SMTP call.
    const [claimed] = await claimRecipients(db(), id, 1);
    const sink = recorder();
    await sendDueCampaigns(database.db, { perMinute: 60_000, maxWaitMs: 0, deliver: sink.deliver });
    const rows = await recipientsOf(id);
    const unknownRow = rows.find((row) => row.id === claimed!.id)!;
    expect(unknownRow.status).toBe("unknown");
    expect(sink.delivered).toEqual(rows.filter((row) => row.id !== claimed!.id).map((row) => row.email));
    // The dead sender's late answer can still record what happened; a stale claim token cannot after a resend.
    const page = await listRecipients(db(), { campaignId: id, status: "unknown" });
    expect(page.rows.map((row) => row.email)).toEqual([unknownRow.email]);
    expect(await resendUnknown(db(), { actorUserId: staff, campaignId: id, recipientId: unknownRow.id })).toEqual({ ok: true, requeued: 1 });
    await markOutcome(db(), claimed!, "sent");
    expect((await recipientsOf(id)).find((row) => row.id === claimed!.id)?.status).toBe("pending");
    await sendDueCampaigns(database.db, { perMinute: 60_000, maxWaitMs: 0, deliver: sink.deliver });
    expect(sink.delivered.filter((to) => to === unknownRow.email)).toHaveLength(1);
    expect(await getCampaign(db(), id)).toMatchObject({ status: "sent", progress: { sent: 2, unknown: 0 } });
    expect(await resendUnknown(db(), { actorUserId: staff, campaignId: id })).toMatchObject({ ok: false, code: "nothing_to_resend" });
  });

  it("lets another sender take over a campaign whose sender stalled past its lease (decision 029)", async () => {
    const addresses = ["lease-1@example.se", "lease-2@example.se", "lease-3@example.se", "lease-4@example.se", "lease-5@example.se"];
    const id = await campaignTo(addresses);
    const leaseMs = 300;
    const stalled = recorder();
    let stall!: () => void;
    const stalledAt = new Promise<void>((resolve) => (stall = resolve));
    let resume!: () => void;
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    let claims = 0;
    // Claims all five in one batch, mails two, then stops answering (frozen, cut off) before the third.
    const first = sendDueCampaigns(db(), {
      perMinute: 60_000,
      leaseMs,
      maxWaitMs: 0,
      deliver: stalled.deliver,
      async afterClaim() {
        claims += 1;
        if (claims === 3) {
          stall();
          await resumed;
        }
      },
    });
    await stalledAt;
    // While its lease holds, nobody else sends the campaign.
    const early = recorder();
    expect(await sendDueCampaigns(db(), { perMinute: 60_000, leaseMs, maxWaitMs: 0, deliver: early.deliver })).toMatchObject({ campaigns: 0 });
    await new Promise((resolve) => setTimeout(resolve, leaseMs + 200));
    // Then another sender takes over and marks the three claims it left as unknown.
    const second = recorder();
    expect(await sendDueCampaigns(db(), { perMinute: 60_000, leaseMs, maxWaitMs: 0, deliver: second.deliver })).toMatchObject({
      campaigns: 1,
      unknown: 3,
      sent: 0,
    });
    expect((await recipientsOf(id)).filter((row) => row.status === "unknown")).toHaveLength(3);
    // The stalled sender wakes up, finds the campaign taken, and gives back the three it never tried.
    resume();
    expect(await first).toMatchObject({ sent: 2 });
    expect((await recipientsOf(id)).map((row) => row.status).sort()).toEqual(["pending", "pending", "pending", "sent", "sent"]);
    expect(await getCampaign(db(), id)).toMatchObject({ status: "sending" });
    const third = recorder();
    await sendDueCampaigns(db(), { perMinute: 60_000, leaseMs, maxWaitMs: 0, deliver: third.deliver });
    const delivered = [...stalled.delivered, ...early.delivered, ...second.delivered, ...third.delivered];
    expect(delivered.sort()).toEqual(addresses);
    expect(await getCampaign(db(), id)).toMatchObject({ status: "sent", progress: { sent: 5, unknown: 0, remaining: 0 } });
  });

  it("lets two senders claim in parallel without ever claiming a row twice", async () => {
    const addresses = Array.from({ length: 200 }, (_, i) => `parallell-${i}@example.se`);
    const id = await campaignTo(addresses);
    // On PostgreSQL each sender has its own connections, as two instances would.
    const second: Database = database.url ? openPostgres(database.url) : database;
    try {
      const claims: string[] = [];
      const worker = async (target: Database) => {
        for (;;) {
          const batch = await claimRecipients(target.db, id, 7);
          if (batch.length === 0) return;
          for (const recipient of batch) {
            claims.push(recipient.id);
            await markOutcome(target.db, recipient, "sent");
          }
        }
      };
      await Promise.all([worker(database), worker(second), worker(database), worker(second)]);
      expect(claims).toHaveLength(200);
      expect(new Set(claims).size).toBe(200);
    } finally {
      if (second !== database) await second.close();
    }
  });
});

describe("what counts as surely not accepted", () => {
  it.each([
    [{ responseCode: 421, command: "CONN" }, true],
    [{ responseCode: 550, command: "RCPT TO" }, true],
    [{ responseCode: 554, command: "DATA" }, true],
    [{ code: "ESOCKET", originalCode: "ECONNREFUSED", command: "CONN" }, true],
    [{ code: "ETIMEDOUT", command: "CONN" }, true],
    [{ code: "ECONNECTION", command: "DATA" }, false],
    [{ code: "ETIMEDOUT", command: "DATA" }, false],
    [new Error("anything else"), false],
  ])("%j → %s", (error, expected) => {
    expect(surelyNotAccepted(error)).toBe(expected);
  });

  it("backs off exponentially up to the maximum", () => {
    expect(retryDelayMs(1)).toBe(CAMPAIGN.retryBaseMs);
    expect(retryDelayMs(2)).toBe(CAMPAIGN.retryBaseMs * 2);
    expect(retryDelayMs(30)).toBe(CAMPAIGN.retryMaxMs);
  });
});
