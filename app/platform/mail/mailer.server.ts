/**
 * The one mailer. With SMTP_URL, mail goes out over SMTP (nodemailer). Without it, mail is
 * kept in the `email_outbox` table and its links are written to the log, so development
 * and the embedded default work offline; `/dev/mail` shows the outbox under `npm run dev`.
 * Features do not call it after a commit: they enqueue in their transaction
 * (`mail-queue.server.ts`, decision 034) and the queue's sender delivers through here.
 */
import { desc } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { config } from "../config.server";
import { db as appDb, type Db } from "../db/client.server";
import { email_outbox } from "../db/schema";
import { logger } from "../logger.server";
import { MAIL_QUEUE } from "../platform-constants";
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

/** A file sent with a mail. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A rendered mail, ready for the transport. */
export interface OutgoingMail {
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string> | null;
  template: string;
  /** `<id@host>`; the queue fixes it per row so every delivery of one row is one message. */
  messageId?: string;
  attachments?: readonly MailAttachment[];
}

export interface SendMailResult {
  /** "skipped": the address is a non-deliverable placeholder and was never mailed. */
  delivery: "smtp" | "outbox" | "skipped";
  messageId?: string;
  outboxId?: string;
}

/**
 * The SMTP transport; nodemailer loads with the first mail sent, not with the server (decision
 * 023). Its timeouts keep one call well inside a queue claim's lease (decision 034).
 */
function transporter(smtpUrl: string): Promise<Transporter> {
  return singleton(`smtp:${smtpUrl}`, async () =>
    (await import("nodemailer")).default.createTransport({ url: smtpUrl, ...MAIL_QUEUE.smtpTimeouts }),
  );
}

function linksIn(text: string): string[] {
  return text.match(/https?:\/\/\S+/g) ?? [];
}

/** The template's Swedish subject, HTML and text for one recipient. */
export function renderMail<T extends EmailTemplateName>(input: SendMailInput<T>): OutgoingMail {
  const build = emailTemplates[input.template] as (data: unknown) => EmailParts;
  const content = renderEmail(build(input.data), config().SITE_NAME);
  return {
    to: input.to,
    replyTo: input.replyTo,
    headers: input.headers,
    template: input.template,
    subject: content.subject,
    html: content.html,
    text: content.text,
  };
}

/**
 * Hands one rendered mail to the transport: SMTP when `SMTP_URL` is set, else the development
 * outbox. Only senders that keep their own record of what went out call it: the mail queue
 * (`mail-queue.server.ts`, for every mail a state change owes) and the campaign sender
 * (decision 028).
 */
export async function deliverMail(mail: OutgoingMail, target: Db = appDb()): Promise<SendMailResult> {
  const { SMTP_URL, MAIL_FROM } = config();
  if (SMTP_URL) {
    const info = await (await transporter(SMTP_URL)).sendMail({
      from: MAIL_FROM,
      to: mail.to,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: mail.headers ?? undefined,
      messageId: mail.messageId,
      attachments: mail.attachments?.map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        content: file.content,
      })),
    });
    logger.info({ template: mail.template, messageId: info.messageId }, "mail sent");
    return { delivery: "smtp", messageId: info.messageId };
  }

  const [row] = await target
    .insert(email_outbox)
    .values({
      to_address: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      template: mail.template,
      status: "captured",
    })
    .returning({ id: email_outbox.id });
  logger.info(
    {
      template: mail.template,
      to: mail.to,
      outboxId: row?.id,
      messageId: mail.messageId,
      attachments: mail.attachments?.map((file) => file.filename),
      links: linksIn(mail.text),
    },
    "mail kept in outbox (no SMTP_URL)",
  );
  // One readable line per mail beside the JSON log, so its link can be opened from the terminal.
  if (config().localMailbox) {
    process.stdout.write(`Mail till ${mail.to}: ${mail.subject}${linksIn(mail.text).map((link) => `\n  ${link}`).join("")}\n`);
  }
  return { delivery: "outbox", messageId: mail.messageId, outboxId: row?.id };
}

/**
 * Renders and delivers at once, for the campaign sender, whose recipient rows are its own queue
 * (decision 028). Everything else enqueues (`enqueueMail`), so mail a committed change owes is
 * never lost to a crash.
 */
export async function sendMail<T extends EmailTemplateName>(
  input: SendMailInput<T>,
  target: Db = appDb(),
): Promise<SendMailResult> {
  if (isPlaceholderEmail(input.to)) {
    logger.info({ template: input.template }, "mail skipped: placeholder address");
    return { delivery: "skipped" };
  }
  return deliverMail(renderMail(input), target);
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Who may read the local outbox (/dev/mail): anyone under `npm run dev`; under `npm start` only
 * on the embedded default (no DATABASE_URL, no SMTP_URL) and only from this machine, because the
 * outbox holds sign-in and password links.
 */
export function outboxOpenTo(clientIp: string): boolean {
  const { isDevelopment, localMailbox } = config();
  return isDevelopment || (localMailbox && LOOPBACK.test(clientIp));
}

/** The newest mail kept in the outbox (the development outbox page reads it). */
export async function listOutbox(db: Db, limit = 50) {
  return db.select().from(email_outbox).orderBy(desc(email_outbox.created_at)).limit(limit);
}
