/**
 * Test support for the campaign crash test (app/modules/newsletter/campaign-crash.server.test.ts):
 * one sending instance as its job runner would run it, on the PostgreSQL database named by
 * DATABASE_URL, mailing through the mailer to SMTP_URL. Like an instance's runner it keeps
 * running the campaign job (every 100 ms instead of every minute) until no campaign is
 * sending, then prints `done`.
 *
 * Test seam, only under NODE_ENV=test: with CAMPAIGN_TEST_HOLD_AFTER_CLAIM=n it stops after its
 * n-th claim is committed and before that recipient's SMTP call, prints `holding <recipient id>`
 * and waits there, still connected to the database, to be killed. CAMPAIGN_TEST_LEASE_MS sets
 * the sender's lease. It prints `sender <id>` first, so the test knows which holds a campaign.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { sendDueCampaigns } from "../app/modules/newsletter/campaign-sender.server";
import { openPostgres, queryRows } from "../app/platform/db/client.server";

if (process.env.NODE_ENV !== "test" || !process.env.DATABASE_URL) {
  process.stderr.write("test-campaign-sender runs only under NODE_ENV=test, on DATABASE_URL\n");
  process.exit(2);
}

const database = openPostgres(process.env.DATABASE_URL);
const holdAfter = Number(process.env.CAMPAIGN_TEST_HOLD_AFTER_CLAIM ?? 0);
const senderId = randomUUID();
process.stdout.write(`sender ${senderId}\n`);
let claims = 0;

for (;;) {
  await sendDueCampaigns(database.db, {
    perMinute: Number(process.env.NEWSLETTER_SEND_PER_MINUTE ?? 60_000),
    leaseMs: Number(process.env.CAMPAIGN_TEST_LEASE_MS ?? 2_000),
    senderId,
    maxWaitMs: 0,
    async afterClaim(recipient) {
      claims += 1;
      if (claims !== holdAfter) return;
      process.stdout.write(`holding ${recipient.id}\n`);
      // Stays alive (and connected) until killed.
      setInterval(() => undefined, 60_000);
      await new Promise(() => {});
    },
  });
  const [sending] = await queryRows<{ count: number }>(
    database.db,
    sql`SELECT count(*)::int AS count FROM newsletter_campaigns WHERE status = 'sending'`,
  );
  if (Number(sending?.count ?? 0) === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
process.stdout.write("done\n");
await database.close();
// The pooled SMTP connection would otherwise keep the process alive until the server drops it.
process.exit(0);
