/**
 * A campaign to 2,000 subscribers survives its sending processes being killed and frozen
 * (docs/decisions/028-campaign-exactly-once.md, docs/decisions/029-campaign-sender-lease.md).
 * Separate sending processes (scripts/test-campaign-sender.ts) share one PostgreSQL database
 * and mail a local SMTP server that records every recipient. They are SIGKILLed between a
 * claim and its SMTP call and at a moment chosen by chance, two run at once, and one freezes
 * after a claim while staying connected (the case a session advisory lock never recovered
 * from). No address may receive two copies; every address ends sent (received exactly once) or
 * unknown, and the unknown ones are exactly the claims no process marked.
 *
 * Separate processes need a database they can share, so that test runs on PostgreSQL only (like
 * the other multi-instance tests). The same sequence also runs in one process on either database,
 * with senders that stop for good after a claim standing in for killed ones.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember } from "~/modules/loyalty/test-fixtures";
import { queryRows } from "~/platform/db/client.server";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { startTestSmtpServer, type TestSmtpServer } from "~/platform/mail/test-smtp-server";
import { sendDueCampaigns } from "./campaign-sender.server";
import { createCampaign, startCampaign } from "./campaigns.server";

const onPostgres = Boolean(process.env.DATABASE_URL);
const SUBSCRIBERS = 2_000;
/** Short, so a killed or frozen sender's campaign is taken over quickly. */
const LEASE_MS = 2_000;
/** The in-process variant's recipients and lease (its senders share one process's clock and pool). */
const IN_PROCESS_RECIPIENTS = 600;
const IN_PROCESS_LEASE_MS = 300;

let database: TestDatabase;
let smtp: TestSmtpServer;
const senders = new Set<ChildProcess>();

beforeAll(async () => {
  database = await createTestDatabase();
  if (onPostgres) smtp = await startTestSmtpServer();
});
afterAll(async () => {
  // A sender left by a failed assertion must not outlive the test.
  for (const child of senders) child.kill("SIGKILL");
  await database?.close();
  await smtp?.close();
});

interface Sender {
  child: ChildProcess;
  /** Resolves with the first stdout line matching, or rejects when the process ends without one. */
  line(match: RegExp): Promise<RegExpExecArray>;
  exited: Promise<number | null>;
}

function startSender(env: Record<string, string> = {}): Sender {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("scripts/test-campaign-sender.ts")], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: database.url!,
      // One pooled connection per sender instead of one per mail: the test SMTP server waits
      // 100 ms before greeting each connection.
      SMTP_URL: `${smtp.url}/?pool=true&maxConnections=1&maxMessages=100000`,
      NEWSLETTER_SEND_PER_MINUTE: "60000",
      CAMPAIGN_TEST_LEASE_MS: String(LEASE_MS),
      LOG_LEVEL: "silent",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  senders.add(child);
  let output = "";
  const listeners = new Set<() => void>();
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  });
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      senders.delete(child);
      resolve(code);
    }),
  );
  return {
    child,
    exited,
    line(match) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = match.exec(output);
          if (!found) return;
          listeners.delete(check);
          resolve(found);
        };
        listeners.add(check);
        check();
        void exited.then(() => {
          check();
          if (!listeners.delete(check)) return;
          reject(new Error(`sender ended without ${match}:\n${output.slice(-2_000)}`));
        });
      });
    },
  };
}

async function kill(...killed: Sender[]): Promise<void> {
  for (const sender of killed) sender.child.kill("SIGKILL");
  await Promise.all(killed.map((sender) => sender.exited));
}

/** Recipients claimed and not (yet) marked. */
async function claimedUnmarked(campaignId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    database.db,
    sql`SELECT id FROM newsletter_campaign_recipients WHERE campaign_id = ${campaignId} AND status = 'sending'`,
  );
  return rows.map((row) => row.id);
}

/** How many copies each address received. */
function copiesOf(recipients: string[]): Map<string, number> {
  const copies = new Map<string, number>();
  for (const to of recipients) copies.set(to.toLowerCase(), (copies.get(to.toLowerCase()) ?? 0) + 1);
  return copies;
}

/** A campaign in `sending` to `count` confirmed subscribers. */
async function sendingCampaign(count: number, prefix: string): Promise<string> {
  const staff = await createMember(database.db, { email: `${prefix}-personal@example.se` });
  await database.db.execute(sql`DELETE FROM newsletter_subscriptions`);
  await database.db.execute(sql`
    INSERT INTO newsletter_subscriptions (email, confirmed_at)
    SELECT ${prefix} || '-' || n || '@example.se', now() FROM generate_series(1, ${count}) AS n`);
  const campaign = await createCampaign(database.db, { actorUserId: staff, values: { subject: "Kraschtest", body: "<p>Hej!</p>" } });
  expect(await startCampaign(database.db, { actorUserId: staff, campaignId: campaign.id, list: "newsletter" })).toEqual({
    ok: true,
    recipients: count,
  });
  return campaign.id;
}

/**
 * What must hold at the end: no address received two copies; every recipient is sent (received
 * exactly once) or unknown, adding up to all of them; the unknown ones are exactly the claims
 * nobody marked, and a claim held before its SMTP call never reached the server.
 */
async function expectEachOnce(campaignId: string, count: number, delivered: string[], interrupted: Set<string>, held: Set<string>) {
  const rows = await queryRows<{ id: string; email: string; status: string }>(
    database.db,
    sql`SELECT id, lower(email) AS email, status FROM newsletter_campaign_recipients WHERE campaign_id = ${campaignId}`,
  );
  expect(rows).toHaveLength(count);
  const copies = copiesOf(delivered);
  expect([...copies.entries()].filter(([, n]) => n > 1)).toEqual([]);
  const sent = rows.filter((row) => row.status === "sent");
  const unknown = rows.filter((row) => row.status === "unknown");
  expect(sent.length + unknown.length).toBe(count);
  expect(sent.filter((row) => copies.get(row.email) !== 1)).toEqual([]);
  expect(unknown.map((row) => row.id).sort()).toEqual([...interrupted].sort());
  expect(held.size).toBe(3);
  for (const id of held) {
    const row = rows.find((candidate) => candidate.id === id)!;
    expect(row.status).toBe("unknown");
    expect(copies.has(row.email)).toBe(false);
  }
  // Nothing but this campaign's recipients was mailed.
  const addresses = new Set(rows.map((row) => row.email));
  expect([...copies.keys()].filter((to) => !addresses.has(to))).toEqual([]);
  const [campaign] = await queryRows<{ status: string; sender_id: string | null }>(
    database.db,
    sql`SELECT status, sender_id FROM newsletter_campaigns WHERE id = ${campaignId}`,
  );
  expect(campaign).toEqual({ status: "sent", sender_id: null });
}

/**
 * One instance's runner inside this process: runs the sender until no campaign is sending. With
 * `holdAfter` it stops for good after that claim (before its SMTP call), as a killed or frozen
 * process would: its database connection is untouched and nothing of it runs again.
 */
function inProcessInstance(delivered: string[], holdAfter = 0) {
  let claims = 0;
  let hold!: (recipientId: string) => void;
  const holding = new Promise<string>((resolve) => (hold = resolve));
  const done = (async () => {
    for (;;) {
      await sendDueCampaigns(database.db, {
        perMinute: 60_000,
        leaseMs: IN_PROCESS_LEASE_MS,
        maxWaitMs: 0,
        deliver: async (mail) => {
          delivered.push(mail.to.toLowerCase());
        },
        async afterClaim(recipient) {
          claims += 1;
          if (claims !== holdAfter) return;
          hold(recipient.id);
          await new Promise(() => {});
        },
      });
      const [sending] = await queryRows<{ count: number }>(
        database.db,
        sql`SELECT count(*)::int AS count FROM newsletter_campaigns WHERE status = 'sending'`,
      );
      if (Number(sending?.count ?? 0) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return { holding, done };
}

describe("a campaign's sending processes killed and frozen mid-send", () => {
  it("mail each subscriber at most once when senders in one process stop for good after a claim", async () => {
    const campaignId = await sendingCampaign(IN_PROCESS_RECIPIENTS, "stopp");
    const delivered: string[] = [];
    const interrupted = new Set<string>();
    const held = new Set<string>();
    const noteInterrupted = async () => {
      for (const id of await claimedUnmarked(campaignId)) interrupted.add(id);
    };
    // 1. One stops between a claim and its SMTP call.
    held.add(await inProcessInstance(delivered, 100).holding);
    await noteInterrupted();
    // 2. Two at once: whichever holds the campaign stops; the other takes over once its lease has run out, and stops too.
    const pair = [inProcessInstance(delivered, 120), inProcessInstance(delivered, 120)];
    held.add(await Promise.race(pair.map((instance) => instance.holding)));
    await noteInterrupted();
    for (const id of await Promise.all(pair.map((instance) => instance.holding))) held.add(id);
    await noteInterrupted();
    // 3. One stops at a claim chosen by chance; then two finish the campaign.
    await inProcessInstance(delivered, 20 + Math.floor(Math.random() * 100)).holding;
    await noteInterrupted();
    await Promise.all([inProcessInstance(delivered).done, inProcessInstance(delivered).done]);
    expect(interrupted.size).toBeGreaterThanOrEqual(4);
    await expectEachOnce(campaignId, IN_PROCESS_RECIPIENTS, delivered, interrupted, held);
  });

  it.runIf(onPostgres)(
    "mail 2,000 subscribers at most once each and list exactly the claims nobody marked as unknown (PostgreSQL)",
    async () => {
      const campaignId = await sendingCampaign(SUBSCRIBERS, "krasch");
      const interrupted = new Set<string>();
      const held = new Set<string>();
      const noteInterrupted = async () => {
        for (const id of await claimedUnmarked(campaignId)) interrupted.add(id);
      };

      // 1. Killed between a claim and its SMTP call.
      const first = startSender({ CAMPAIGN_TEST_HOLD_AFTER_CLAIM: "250" });
      held.add((await first.line(/holding (\S+)/))[1]!);
      await kill(first);
      await noteInterrupted();

      // 2. Two instances at once, each stopping after its 300th claim but staying connected:
      // whichever takes the campaign first freezes there; the other takes it over once the
      // frozen one's lease has run out (it never would from a session lock), and freezes too.
      const pair = [startSender({ CAMPAIGN_TEST_HOLD_AFTER_CLAIM: "300" }), startSender({ CAMPAIGN_TEST_HOLD_AFTER_CLAIM: "300" })];
      const frozen = await Promise.race(pair.map(async (sender) => ({ sender, id: (await sender.line(/holding (\S+)/))[1]! })));
      // Its claims are the only ones out: the other cannot take over before its lease runs out.
      await noteInterrupted();
      held.add(frozen.id);
      const other = pair.find((sender) => sender !== frozen.sender)!;
      held.add((await other.line(/holding (\S+)/))[1]!);
      await noteInterrupted();
      await kill(...pair);

      // 3. Killed at a moment chosen by chance, while mail is flowing.
      const third = startSender();
      const target = smtp.messages.length + 200 + Math.floor(Math.random() * 300);
      await smtp.waitFor(() => smtp.messages.length >= target, 60_000);
      await kill(third);
      await noteInterrupted();

      // 4. Two instances finish the campaign.
      const last = [startSender(), startSender()];
      await Promise.all(last.map((sender) => sender.line(/^done$/m)));
      expect(await Promise.all(last.map((sender) => sender.exited))).toEqual([0, 0]);

      await expectEachOnce(campaignId, SUBSCRIBERS, smtp.messages.flatMap((mail) => mail.to), interrupted, held);
    },
    120_000,
  );
});
