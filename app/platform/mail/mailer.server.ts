/**
 * The one mailer. With SMTP_URL, mail goes out over SMTP (nodemailer). Without it, mail is
 * kept in the `email_outbox` table and its links are written to the log, so development
 * and the embedded default work offline; `/dev/mail` shows the outbox under `npm run dev`.
 */
import { desc } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { config } from "../config.server";
import { db as appDb, type Db } from "../db/client.server";
import { email_outbox } from "../db/schema";
import { logger } from "../logger.server";
import { singleton } from "../singleton.server";
import { isPlaceholderEmail } from "./placeholder-address";
import { emailTemplates, renderEmail, type EmailParts, type EmailTemplateName } from "./templates";

export interface SendMailInput<T extends EmailTemplateName> {
  to: string;
  template: T;
  data: Parameters<(typeof emailTemplates)[T]>[0];
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on list mail. */
  headers?: Record<string, string>;
}

export interface SendMailResult {
  /** "skipped": the address is a non-deliverable placeholder and was never mailed. */
  delivery: "smtp" | "outbox" | "skipped";
  messageId?: string;
  outboxId?: string;
}

/** The SMTP transport; nodemailer loads with the first mail sent, not with the server (decision 023). */
function transporter(smtpUrl: string): Promise<Transporter> {
  return singleton(`smtp:${smtpUrl}`, async () => (await import("nodemailer")).default.createTransport(smtpUrl));
}

function linksIn(text: string): string[] {
  return text.match(/https?:\/\/\S+/g) ?? [];
}

export async function sendMail<T extends EmailTemplateName>(
  input: SendMailInput<T>,
  target: Db = appDb(),
): Promise<SendMailResult> {
  if (isPlaceholderEmail(input.to)) {
    logger.info({ template: input.template }, "mail skipped: placeholder address");
    return { delivery: "skipped" };
  }
  const { SMTP_URL, MAIL_FROM, SITE_NAME } = config();
  const build = emailTemplates[input.template] as (data: unknown) => EmailParts;
  const content = renderEmail(build(input.data), SITE_NAME);

  if (SMTP_URL) {
    const info = await (await transporter(SMTP_URL)).sendMail({
      from: MAIL_FROM,
      to: input.to,
      replyTo: input.replyTo,
      subject: content.subject,
      html: content.html,
      text: content.text,
      headers: input.headers,
    });
    logger.info({ template: input.template, messageId: info.messageId }, "mail sent");
    return { delivery: "smtp", messageId: info.messageId };
  }

  const [row] = await target
    .insert(email_outbox)
    .values({
      to_address: input.to,
      subject: content.subject,
      html: content.html,
      text: content.text,
      template: input.template,
      status: "captured",
    })
    .returning({ id: email_outbox.id });
  logger.info(
    { template: input.template, to: input.to, outboxId: row?.id, links: linksIn(content.text) },
    "mail kept in outbox (no SMTP_URL)",
  );
  return { delivery: "outbox", outboxId: row?.id };
}

/** The newest mail kept in the outbox (the development outbox page reads it). */
export async function listOutbox(db: Db, limit = 50) {
  return db.select().from(email_outbox).orderBy(desc(email_outbox.created_at)).limit(limit);
}
