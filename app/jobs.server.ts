/**
 * Every scheduled job of the product (docs/rules/jobs.md), run by the platform job runner on
 * whichever instance takes each job's lock. A feature with periodic work adds its job here.
 */
import { BOTS_JOB, BOTS_JOB_INTERVAL_MS } from "~/modules/bots/bot-constants";
import { refreshBots } from "~/modules/bots/bot-profiles.server";
import { dataExportJob } from "~/modules/accounts/data-export.server";
import { purgeStaleNonces } from "~/modules/accounts/steam-sign-in.server";
import { purgeOldViews } from "~/modules/blog/blog.server";
import { purgeOldBankIdOrders } from "~/modules/identity/bankid.server";
import { ANNOUNCE_DUE_POSTS_JOB, announceDuePosts } from "~/modules/blog/scheduled-posts.server";
import { purgeExpiredPersonalData } from "~/modules/legal/retention.server";
import { rollUpViews, VIEW_ROLLUP_JOB } from "~/modules/analytics/view-rollups.server";
import { grantMonthlyVipBonus } from "~/modules/loyalty/monthly-bonus.server";
import { PRICE_SOURCE } from "~/modules/selling/selling-constants";
import { JOB_RUNNER } from "~/platform/platform-constants";
import { CAMPAIGN_JOB, sendDueCampaigns } from "~/modules/newsletter/campaign-sender.server";
import { importFromPriceSource, PRICE_IMPORT_JOB } from "~/modules/selling/price-source.server";
import { config } from "~/platform/config.server";
import { purgeFormTokens } from "~/platform/form-tokens/form-tokens.server";
import { MAIL_QUEUE_JOB, runMailQueue } from "~/platform/mail/mail-queue.server";
import type { Job } from "~/platform/jobs/job-runner.server";
import { purgeExpiredRateLimits } from "~/platform/rate-limit/rate-limiter.server";
import { runSellOrderJob, SELL_ORDER_JOB } from "~/modules/selling/sell-order-job.server";
import { purgeUnconfirmedAlerts } from "~/modules/selling/price-alerts.server";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export const APP_JOBS: readonly Job[] = [
  // docs/decisions/034-mail-queue.md: queued mail a request's own kick did not send (a crash, an
  // SMTP failure's back-off). Every instance runs it each tick: row leases make one sender per mail.
  { name: MAIL_QUEUE_JOB, intervalMs: JOB_RUNNER.tickMs, exclusive: false, run: (db, _now, signal) => runMailQueue(db, signal) },
  // docs/rules/blog.md#scheduled-publishing: every tick.
  { name: ANNOUNCE_DUE_POSTS_JOB, intervalMs: JOB_RUNNER.tickMs, run: (db) => announceDuePosts(db) },
  // Decision 048: members' data exports (built, then purged when their download time has passed).
  dataExportJob,
  { name: "purge-rate-limits", intervalMs: HOUR, run: async (db, now) => ({ removed: await purgeExpiredRateLimits(db, now) }) },
  { name: VIEW_ROLLUP_JOB, intervalMs: HOUR, run: (db, now) => rollUpViews(db, now) },
  { name: "purge-blog-views", intervalMs: HOUR, run: async (db, now) => ({ removed: await purgeOldViews(db, now) }) },
  { name: "purge-openid-nonces", intervalMs: HOUR, run: async (db, now) => ({ removed: await purgeStaleNonces(db, now) }) },
  { name: "purge-bankid-orders", intervalMs: HOUR, run: async (db, now) => ({ removed: await purgeOldBankIdOrders(db, now) }) },
  { name: "purge-form-tokens", intervalMs: HOUR, run: (db, now) => purgeFormTokens(db, now) },
  // docs/rules/selling.md#price-alerts: visitors' alerts never confirmed.
  { name: "purge-unconfirmed-price-alerts", intervalMs: HOUR, run: (db, now) => purgeUnconfirmedAlerts(db, now) },
  // Idempotent per member and month, so checking hourly grants it early in each month.
  { name: "vip-monthly-bonus", intervalMs: HOUR, run: (db, now) => grantMonthlyVipBonus(db, now) },
  { name: "purge-expired-personal-data", intervalMs: DAY, run: (db, now) => purgeExpiredPersonalData(db, now) },
  // docs/rules/selling.md#scheduled-import: does nothing unless PRICE_SOURCE_URL is set.
  { name: PRICE_IMPORT_JOB, intervalMs: PRICE_SOURCE.intervalMs, run: (db, now, signal) => importFromPriceSource(db, now, signal) },
  // docs/rules/selling.md#following-the-offer: Steam's answers for open offers, then due payouts.
  { name: SELL_ORDER_JOB, intervalMs: JOB_RUNNER.tickMs, run: (db, now) => runSellOrderJob(db, now) },
  // docs/rules/bots.md#profile-and-counts: each bot's session, public profile and inventory size.
  { name: BOTS_JOB, intervalMs: BOTS_JOB_INTERVAL_MS, run: (db, now) => refreshBots(db, now) },
  // Last: a run lasts as long as the campaigns it sends (docs/rules/newsletter.md#sending). Every
  // instance runs it each tick: each campaign's lease, not the job's lock, makes one sender.
  {
    name: CAMPAIGN_JOB,
    intervalMs: JOB_RUNNER.tickMs,
    exclusive: false,
    run: (db, _now, signal) => sendDueCampaigns(db, { perMinute: config().NEWSLETTER_SEND_PER_MINUTE, signal }),
  },
];
