/**
 * Contact messages (docs/rules/site.md#contact): limited per IP, stored in
 * `contact_messages` first so nothing is lost, then mailed to support with the sender as
 * reply-to. A filled honeypot looks like success to the bot and does nothing.
 */
import { formatPhoneNumber } from "~/modules/accounts/contact-details";
import { CONTACT } from "~/modules/contact/contact-constants";
import type { Db } from "~/platform/db/client.server";
import { contact_messages } from "~/platform/db/schema";
import { config } from "~/platform/config.server";
import { logger } from "~/platform/logger.server";
import { sendMail } from "~/platform/mail/mailer.server";
import { consumeRateLimit, type RateLimitResult } from "~/platform/rate-limit/rate-limiter.server";
import { CONTACT_HONEYPOT_FIELD, type ContactInput } from "./contact";

export type ContactResult =
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

  const [row] = await db
    .insert(contact_messages)
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone,
      subject: input.subject,
      message: input.message,
    })
    .returning({ id: contact_messages.id });
  const id = row!.id;

  // The message is stored: a mail failure must not make the sender submit it twice, so it
  // is logged for staff (the message stays in contact_messages) instead of failing the form.
  let mailed = false;
  try {
    await sendMail(
      {
        to: config().SUPPORT_EMAIL,
        template: "contactMessage",
        data: { ...input, phone: input.phone ? formatPhoneNumber(input.phone) : null },
        replyTo: input.email,
      },
      db,
    );
    mailed = true;
  } catch (error) {
    logger.error({ err: error, contactMessageId: id }, "contact message stored but not mailed");
  }
  return { status: "sent", id, mailed };
}
