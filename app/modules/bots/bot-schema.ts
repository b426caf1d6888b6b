/**
 * What the admin "Botar" forms post (docs/rules/bots.md), checked alike on the client and the
 * server. Secrets are checked for shape only and never echoed back.
 */
import { z } from "~/lib/zod";
import { BOT_LIMITS, BOT_MESSAGES } from "./bot-constants";

const steamId = z.string().trim().regex(/^7656119\d{10}$/, BOT_MESSAGES.steamId);
/** Steam Guard secrets are 20 bytes, Base64 (28 characters with padding). */
const guardSecret = z.string().trim().regex(/^[A-Za-z0-9+/]{27}=$/, BOT_MESSAGES.secret);
/** A refresh token is a JWT: three Base64url parts. */
const refreshToken = z.string().trim().max(4_000, BOT_MESSAGES.refreshToken).regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, BOT_MESSAGES.refreshToken);

const botCredentialsFields = {
  refresh_token: refreshToken,
  shared_secret: guardSecret,
  identity_secret: guardSecret,
};

export const addBotSchema = z.object({
  intent: z.literal("add"),
  steam_id: steamId,
  display_name: z.string().trim().min(1, BOT_MESSAGES.displayName).max(BOT_LIMITS.displayNameMaxLength, BOT_MESSAGES.displayName),
  ...botCredentialsFields,
});

const botId = z.uuid({ error: BOT_MESSAGES.notFound });

export const botActionSchema = z.discriminatedUnion(
  "intent",
  [
    addBotSchema,
    z.object({ intent: z.literal("disable"), botId }),
    z.object({ intent: z.literal("enable"), botId }),
    z.object({ intent: z.literal("credentials"), botId, ...botCredentialsFields }),
  ],
  BOT_MESSAGES.invalidRequest,
);
