/**
 * Newsletter campaigns' rules (docs/rules/newsletter.md), isomorphic: what staff post when
 * writing, sending and resending a campaign, the lists and states in Swedish, and the messages.
 */
import { z } from "~/lib/zod";
import {
  CAMPAIGN,
  MAIL_LISTS,
  type CAMPAIGN_RECIPIENT_STATUSES,
  type CAMPAIGN_STATUSES,
} from "~/modules/newsletter/newsletter-constants";
import { textField } from "~/lib/validation";
import { formatNumber } from "~/lib/format";

export type MailList = (typeof MAIL_LISTS)[number];
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export type RecipientStatus = (typeof CAMPAIGN_RECIPIENT_STATUSES)[number];

export const MAIL_LIST_LABELS: Record<MailList, string> = {
  newsletter: "Nyhetsbrevet",
  launch: "Lanseringslistan",
};

/** How a mail's foot names the list the recipient is on ("Du får det här mejlet eftersom du finns på …"). */
export const MAIL_LIST_FOOTER: Record<MailList, string> = {
  newsletter: "Skinhamnens nyhetsbrevslista",
  launch: "listan över dem som vill veta när köp öppnar på Skinhamnen",
};

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: "Utkast",
  sending: "Skickas",
  sent: "Skickad",
};

export const CAMPAIGN_MESSAGES = {
  subjectRequired: "Ange en ämnesrad.",
  bodyRequired: "Skriv innehållet i utskicket.",
  bodyTooLong: `Innehållet får vara högst ${formatNumber(CAMPAIGN.bodyMax)} tecken.`,
  listRequired: "Välj vilken lista utskicket ska gå till.",
  notFound: "Kampanjen finns inte.",
  notDraft: "Kampanjen är redan skickad och kan inte ändras.",
  alreadySent: "Kampanjen är redan skickad.",
  noRecipients: "Det finns inga mottagare på den valda listan.",
  nothingToResend: "Det finns inga mottagare med okänt utfall att skicka om till.",
  campaignRequired: "Välj en kampanj.",
  recipientRequired: "Välj en mottagare.",
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = (message: string) => z.string({ error: message }).trim().regex(UUID, message);

export const campaignSchema = z.object({
  subject: textField(CAMPAIGN.subjectMax).pipe(z.string().min(1, CAMPAIGN_MESSAGES.subjectRequired)),
  body: textField(CAMPAIGN.bodyMax, { multiline: true, tooLong: CAMPAIGN_MESSAGES.bodyTooLong }).pipe(
    z.string().min(1, CAMPAIGN_MESSAGES.bodyRequired),
  ),
});
export type CampaignInput = z.output<typeof campaignSchema>;

export const sendCampaignSchema = z.object({
  list: z.enum(MAIL_LISTS as unknown as [MailList, ...MailList[]], { error: CAMPAIGN_MESSAGES.listRequired }),
});

/** Resending one recipient with an unknown outcome, or (no id) all of them. */
export const resendSchema = z.object({
  recipientId: z.preprocess((value) => (value === "" ? undefined : value), uuid(CAMPAIGN_MESSAGES.recipientRequired).optional()),
});

export const campaignIdSchema = uuid(CAMPAIGN_MESSAGES.campaignRequired);

export interface CampaignProgress {
  total: number;
  sent: number;
  failed: number;
  unknown: number;
  /** Pending or being sent right now. */
  remaining: number;
}

export const EMPTY_PROGRESS: CampaignProgress = { total: 0, sent: 0, failed: 0, unknown: 0, remaining: 0 };

/** Share of recipients whose outcome is settled (sent, failed or unknown), 0–100. */
export function progressPercent(progress: CampaignProgress): number {
  return progress.total === 0 ? 0 : Math.round(((progress.total - progress.remaining) / progress.total) * 100);
}
