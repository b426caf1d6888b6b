/**
 * /admin/transactions/botar (admin only; docs/rules/bots.md): the trade bots with their status,
 * and the forms that add one, replace its credentials and turn it off or on. Secrets go from the
 * form straight into the sealed column; no answer or page ever carries them back.
 */
import { failureResponse, parseRequest } from "~/lib/http.server";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { payoutKeyring } from "~/modules/selling/payout-encryption.server";
import { db } from "~/platform/db/client.server";
import { requestJobRun } from "~/platform/jobs/job-runner.server";
import { BOTS_JOB } from "./bot-constants";
import { botActionSchema } from "./bot-schema";
import { addBot, listBots, replaceBotCredentials, setBotEnabled, type BotResult } from "./bots.server";

export async function loadBots(request: Request) {
  await requireAdminTab(request, "transactions");
  const bots = await listBots(db());
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    /** The time account ages are counted to (one for server and browser). */
    now: new Date().toISOString(),
    bots: bots.map((bot) => ({
      ...bot,
      accountCreatedAt: iso(bot.accountCreatedAt),
      profileRefreshedAt: iso(bot.profileRefreshedAt),
      createdAt: bot.createdAt.toISOString(),
      updatedAt: bot.updatedAt.toISOString(),
    })),
  };
}

function answer(result: BotResult<unknown>, intent: string, message: string) {
  if (!result.ok) return failureResponse(result);
  // A new bot or new credentials are checked with Steam at once, not at the next tick.
  if (intent === "add" || intent === "credentials") requestJobRun(BOTS_JOB);
  return { ok: true as const, intent, title: "Klart", message };
}

export async function handleBotAction(request: Request) {
  const staff = await requireAdminTab(request, "transactions");
  const parsed = await parseRequest(request, botActionSchema);
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  const actorUserId = staff.user.id;
  switch (input.intent) {
    case "add":
      return answer(await addBot(db(), payoutKeyring(), { ...input, actorUserId }), "add", `Boten ${input.display_name} är tillagd.`);
    case "credentials":
      return answer(await replaceBotCredentials(db(), payoutKeyring(), { ...input, actorUserId }), "credentials", "Inloggningsuppgifterna är ersatta.");
    case "disable":
      return answer(await setBotEnabled(db(), { actorUserId, botId: input.botId, enabled: false }), "disable", "Boten är avstängd.");
    case "enable":
      return answer(await setBotEnabled(db(), { actorUserId, botId: input.botId, enabled: true }), "enable", "Boten är påslagen.");
  }
}
