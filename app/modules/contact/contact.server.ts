/**
 * Contact messages (docs/rules/site.md#contact): limited per IP, stored in
 * `contact_messages` with the mail to support (the sender as reply-to) queued in the same
 * transaction, so nothing is lost, then sent. A filled honeypot looks like success to the bot
 * and does nothing.
 */
import { formatPhoneNumber } from "~/modules/accounts/contact-details";
import { CONTACT } from "~/modules/contact/contact-constants";
import type { Db } from "~/platform/db/client.server";
import { contact_messages } from "~/platform/db/schema";
import { config } from "~/platform/config.server";
import { logger } from "~/platform/logger.server";
import { deliverQueuedMail, enqueueMail } from "~/platform/mail/mail-queue.server";
import { consumeRateLimit, type RateLimitResult } from "~/platform/rate-limit/rate-limiter.server";
import { CONTACT_HONEYPOT_FIELD, type ContactInput } from "./contact";

export type ContactResult =
  /** mailed: the queued mail went out at once (else the mail-queue job retries it). */
  | { status: "sent"; id: string; mailed: boolean }
  | { status: "ignored" }
  | { status: "rate_limited"; limit: RateLimitResult };

export async function submitContactMessage(
  db: Db,
  input: ContactInput,
  requester: { ip: string },
): Promise<ContactResult> {
  // Counted before the honeypot check, so a bot hammering the form is slowed down too.
  const limit = await consumeRateLimit(db, CONTACT.rateLimit, "ip", requester.ip);
  if (!limit.allowed) return { status: "rate_limited", limit };

  if (input[CONTACT_HONEYPOT_FIELD]?.trim()) {
    logger.info({ ip: requester.ip }, "contact honeypot filled; message dropped");
    return { status: "ignored" };
  }

  const { id, mailId } = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contact_messages)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        subject: input.subject,
        message: input.message,
      })
      .returning({ id: contact_messages.id });
    const queued = await enqueueMail(tx, {
      to: config().SUPPORT_EMAIL,
      template: "contactMessage",
      data: { ...input, phone: input.phone ? formatPhoneNumber(input.phone) : null },
      replyTo: input.email,
    });
    return { id: row!.id, mailId: queued };
  });

  // The message and its mail are stored: a mail server that is down must not make the sender
  // submit it twice; the mail-queue job sends it later.
  const mailed = await deliverQueuedMail(db, [mailId]);
  if (!mailed) logger.warn({ contactMessageId: id }, "contact message stored, its mail queued for later");
  return { status: "sent", id, mailed };
}
