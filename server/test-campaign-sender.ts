/**
 * Test support for the campaign crash test (server/campaign-crash.test.ts): one sending
 * process, as an instance's campaign job would run it, on the PostgreSQL database named by
 * DATABASE_URL and the SMTP server named by SMTP_URL. It prints a line per claim; with
 * CAMPAIGN_TEST_HOLD_AFTER_CLAIM=n it stops after its n-th claim is committed and before that
 * recipient's SMTP call, and waits there to be killed.
 */
import { sendDueCampaigns } from "../app/modules/newsletter/campaign-sender.server";
import { openPostgres } from "../app/platform/db/client.server";

const database = openPostgres(process.env.DATABASE_URL!);
const holdAfter = Number(process.env.CAMPAIGN_TEST_HOLD_AFTER_CLAIM ?? 0);
let claims = 0;
const result = await sendDueCampaigns(database, {
  perMinute: Number(process.env.NEWSLETTER_SEND_PER_MINUTE ?? 60_000),
  maxWaitMs: 0,
  async afterClaim(recipient) {
    claims += 1;
    process.stdout.write(`claimed ${recipient.id}\n`);
    if (claims === holdAfter) {
      process.stdout.write(`holding ${recipient.id}\n`);
      await new Promise(() => {});
    }
  },
});
process.stdout.write(`done ${JSON.stringify(result)}\n`);
await database.close();
