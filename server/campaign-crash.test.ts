/**
 * A campaign to 2,000 subscribers survives its sending process being killed (issue "Done
 * when"; docs/decisions/024-campaign-exactly-once.md). Separate processes on one PostgreSQL
 * database (needs DATABASE_URL, like the other multi-instance tests) send to a local SMTP
 * server; the test SIGKILLs them between a claim and its SMTP call and at a random moment
 * mid-send, restarts them and lets the campaign finish. No address may receive two copies;
 * every address is sent (received exactly once) or listed as unknown, and the unknown ones
 * are exactly the claims no process marked. Two processes started together also send each
 * address once.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCampaign, startCampaign } from "~/modules/newsletter/campaigns.server";
import { createMember } from "~/modules/loyalty/test-fixtures";
import { queryRows } from "~/platform/db/client.server";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { startTestSmtpServer, type TestSmtpServer } from "~/platform/mail/test-smtp-server";

const onPostgres = Boolean(process.env.DATABASE_URL);
let database: TestDatabase;
let smtp: TestSmtpServer;
let staff: string;

beforeAll(async () => {
  if (!onPostgres) return;
  database = await createTestDatabase();
  smtp = await startTestSmtpServer();
  staff = await createMember(database.db, { email: "kampanj-personal@example.se" });
}, 60_000);
afterAll(async () => {
  await database?.close();
  await smtp?.close();
});

interface Sender {
  child: ChildProcess;
  output(): string;
  /** Resolves with the first line matching, or rejects when the process ends without one. */
  line(match: RegExp): Promise<RegExpExecArray>;
  exited: Promise<number | null>;
}

function startSender(env: Record<string, string> = {}): Sender {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("server/test-campaign-sender.ts")], {
    env: {
      ...process.env,
      DATABASE_URL: database.url!,
      SMTP_URL: smtp.url,
      NEWSLETTER_SEND_PER_MINUTE: "60000",
      LOG_LEVEL: "silent",
      NODE_ENV: "test",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listeners = new Set<() => void>();
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  });
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    line(match) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = match.exec(output);
          if (found) {
            listeners.delete(check);
            resolve(found);
          }
        };
        listeners.add(check);
        check();
        void exited.then(() => {
          check();
          if (listeners.has(check)) {
            listeners.delete(check);
            reject(new Error(`sender ended without ${match}:\n${output.slice(-2_000)}`));
          }
        });
      });
    },
  };
}

async function kill(sender: Sender): Promise<void> {
  sender.child.kill("SIGKILL");
  await sender.exited;
}

async function subscribers(count: number, prefix: string): Promise<void> {
  await database.db.execute(sql`DELETE FROM newsletter_subscriptions`);
  await database.db.execute(sql`
    INSERT INTO newsletter_subscriptions (email, confirmed_at)
    SELECT ${prefix} || '-' || n || '@example.se', now() FROM generate_series(1, ${count}) AS n`);
}

async function sendingCampaign(subject: string): Promise<string> {
  const campaign = await createCampaign(database.db, { actorUserId: staff, values: { subject, body: "<p>Hej!</p>" } });
  const started = await startCampaign(database.db, { actorUserId: staff, campaignId: campaign.id, list: "newsletter" });
  expect(started.ok).toBe(true);
  return campaign.id;
}

const claimedUnmarked = async (campaignId: string) =>
  (
    await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id FROM newsletter_campaign_recipients WHERE campaign_id = ${campaignId} AND status = 'sending'`,
    )
  ).map((row) => row.id);

/** How many copies each address received. */
function copiesByAddress(): Map<string, number> {
  const copies = new Map<string, number>();
  for (const mail of smtp.messages) for (const to of mail.to) copies.set(to.toLowerCase(), (copies.get(to.toLowerCase()) ?? 0) + 1);
  return copies;
}

describe("a campaign's sending process killed mid-send (needs DATABASE_URL)", () => {
  it.runIf(onPostgres)(
    "mails 2,000 subscribers at most once each, and lists exactly the claims nobody marked as unknown",
    async () => {
      await subscribers(2_000, "krasch");
      const campaignId = await sendingCampaign("Kraschtest");
      smtp.messages.length = 0;
      const interrupted = new Set<string>();
      const held = new Set<string>();

      // 1. Killed between a claim and its SMTP call.
      let sender = startSender({ CAMPAIGN_TEST_HOLD_AFTER_CLAIM: "400" });
      held.add((await sender.line(/holding (\S+)/))[1]!);
      await kill(sender);
      for (const id of await claimedUnmarked(campaignId)) interrupted.add(id);

      // 2. Killed at a moment chosen by chance, while mail is flowing.
      sender = startSender();
      const target = smtp.messages.length + 300 + Math.floor(Math.random() * 500);
      await smtp.waitFor(() => smtp.messages.length >= target, 60_000);
      await kill(sender);
      for (const id of await claimedUnmarked(campaignId)) interrupted.add(id);

      // 3. Killed between a claim and its SMTP call again, early in its run.
      sender = startSender({ CAMPAIGN_TEST_HOLD_AFTER_CLAIM: "25" });
      held.add((await sender.line(/holding (\S+)/))[1]!);
      await kill(sender);
      for (const id of await claimedUnmarked(campaignId)) interrupted.add(id);

      // 4. Restarted and left to finish.
      sender = startSender();
      await sender.line(/done /);
      expect(await sender.exited).toBe(0);

      const rows = await queryRows<{ id: string; email: string; status: string }>(
        database.db,
        sql`SELECT id, lower(email) AS email, status FROM newsletter_campaign_recipients WHERE campaign_id = ${campaignId}`,
      );
      expect(rows).toHaveLength(2_000);
      const copies = copiesByAddress();
      // No address received two copies.
      expect([...copies.entries()].filter(([, n]) => n > 1)).toEqual([]);
      // Every address is sent (and received exactly once) or listed as unknown.
      expect(rows.filter((row) => row.status !== "sent" && row.status !== "unknown")).toEqual([]);
      for (const row of rows.filter((r) => r.status === "sent")) expect(copies.get(row.email), row.email).toBe(1);
      // The unknown ones are exactly the claims no process marked; a held claim never reached the server.
      const unknown = new Set(rows.filter((row) => row.status === "unknown").map((row) => row.id));
      expect([...unknown].sort()).toEqual([...interrupted].sort());
      for (const id of held) {
        expect(unknown.has(id)).toBe(true);
        expect(copies.has(rows.find((row) => row.id === id)!.email)).toBe(false);
      }
      // Nothing but this campaign's recipients was mailed.
      const addresses = new Set(rows.map((row) => row.email));
      expect([...copies.keys()].filter((to) => !addresses.has(to))).toEqual([]);
      const [campaign] = await queryRows<{ status: string }>(database.db, sql`SELECT status FROM newsletter_campaigns WHERE id = ${campaignId}`);
      expect(campaign?.status).toBe("sent");
      console.info(`crash test: ${rows.length - unknown.size} sent, ${unknown.size} unknown after 3 kills`);
    },
    240_000,
  );

  it.runIf(onPostgres)(
    "mails each address once when two sending processes start together",
    async () => {
      await database.db.execute(sql`DELETE FROM newsletter_campaigns`);
      await subscribers(600, "parallell");
      const campaignId = await sendingCampaign("Två samtidigt");
      smtp.messages.length = 0;
      const senders = [startSender(), startSender()];
      await Promise.all(senders.map((sender) => sender.line(/done /)));
      expect(await Promise.all(senders.map((sender) => sender.exited))).toEqual([0, 0]);
      const copies = copiesByAddress();
      expect(copies.size).toBe(600);
      expect([...copies.values()].every((n) => n === 1)).toBe(true);
      const [counts] = await queryRows<{ sent: number }>(
        database.db,
        sql`SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent FROM newsletter_campaign_recipients WHERE campaign_id = ${campaignId}`,
      );
      expect(counts?.sent).toBe(600);
    },
    120_000,
  );
});
