/**
 * What "Misslyckade utskick" posts (docs/decisions/034-mail-queue.md): queue one failed mail again.
 * The same zod schema on the client and the server; refusals are Swedish.
 */
import { z } from "~/lib/zod";

export const FAILED_MAIL_MESSAGES = {
  invalidRequest: "Ogiltig förfrågan.",
  mailRequired: "Utskicket saknas eller är ogiltigt.",
  notFailed: "Utskicket finns inte längre bland de misslyckade (det kan redan ha köats igen).",
  retried: "Utskicket är köat igen och skickas nu.",
} as const;

export const retryMailSchema = z.object({
  intent: z.literal("retry-mail", FAILED_MAIL_MESSAGES.invalidRequest),
  mailId: z.uuid(FAILED_MAIL_MESSAGES.mailRequired),
});
