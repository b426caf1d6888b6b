/**
 * The contact form's one schema (docs/rules/site.md#contact): name, email, subject and message are
 * required, the email must be an email address, the phone number is optional. Used by the form for
 * instant feedback and by the route action on the server.
 */
import { z } from "~/lib/zod";
import { TEXT_LIMITS } from "~/platform/platform-constants";
import { textField } from "~/lib/validation";
import { PHONE_NUMBER_MESSAGE, phoneNumberSchema } from "~/modules/accounts/contact-details";
import { formatNumber } from "~/lib/format";

const maxLength = TEXT_LIMITS;

/** Name of the honeypot field: hidden from people, tempting for bots. */
export const CONTACT_HONEYPOT_FIELD = "website";

export const CONTACT_MESSAGES = {
  nameRequired: "Vänligen ange ditt namn.",
  nameTooLong: `Namnet får vara högst ${maxLength.name} tecken.`,
  emailRequired: "Vänligen ange din e-postadress.",
  emailInvalid: "Vänligen ange en giltig e-postadress.",
  phoneInvalid: PHONE_NUMBER_MESSAGE,
  subjectRequired: "Vänligen ange ett ämne.",
  subjectTooLong: `Ämnet får vara högst ${maxLength.subject} tecken.`,
  messageRequired: "Vänligen skriv ett meddelande.",
  messageTooLong: `Meddelandet får vara högst ${formatNumber(maxLength.message)} tecken.`,
  sentTitle: "Meddelande skickat!",
  sentDescription: "Vi återkommer till dig så snart som möjligt.",
  failedTitle: "Något gick fel",
  failedDescription: "Kunde inte skicka meddelandet. Försök igen senare.",
} as const;

const required = (message: string, max: number, tooLong: string, multiline = false) =>
  z.string({ error: message }).trim().min(1, message).pipe(textField(max, { tooLong, multiline }));

export const contactSchema = z.object({
  name: required(CONTACT_MESSAGES.nameRequired, maxLength.name, CONTACT_MESSAGES.nameTooLong),
  email: z
    .string({ error: CONTACT_MESSAGES.emailRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.emailRequired)
    .max(maxLength.email, CONTACT_MESSAGES.emailInvalid)
    .pipe(z.email({ error: CONTACT_MESSAGES.emailInvalid })),
  phone: phoneNumberSchema,
  subject: required(CONTACT_MESSAGES.subjectRequired, maxLength.subject, CONTACT_MESSAGES.subjectTooLong),
  message: required(CONTACT_MESSAGES.messageRequired, maxLength.message, CONTACT_MESSAGES.messageTooLong, true),
  [CONTACT_HONEYPOT_FIELD]: z.string().max(TEXT_LIMITS.name).optional().catch(undefined),
});

export type ContactInput = z.output<typeof contactSchema>;

/** The fields a person fills in, in form order (the honeypot is not one of them). */
export const CONTACT_FIELDS = ["name", "email", "phone", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
