/**
 * The buy page's "tell me when buying opens" sign-up (docs/rules/site.md#launch-notifications):
 * one email field, which must look like an address, so nothing unusable is stored.
 */
import { z } from "~/lib/zod";
import { TEXT_LIMITS } from "~/platform/platform-constants";

export const LAUNCH_NOTIFICATION_SUCCESS = "Tack! Vi meddelar dig så snart funktionen är klar.";
export const LAUNCH_EMAIL_REQUIRED = "Vänligen ange din e-postadress.";
export const LAUNCH_EMAIL_INVALID = "Vänligen ange en giltig e-postadress.";

export const launchNotificationSchema = z.object({
  email: z
    .string({ error: LAUNCH_EMAIL_REQUIRED })
    .trim()
    .min(1, LAUNCH_EMAIL_REQUIRED)
    .max(TEXT_LIMITS.email, LAUNCH_EMAIL_INVALID)
    .pipe(z.email(LAUNCH_EMAIL_INVALID)),
});

export type LaunchNotificationInput = z.infer<typeof launchNotificationSchema>;
