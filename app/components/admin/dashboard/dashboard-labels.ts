/** Swedish labels the staff dashboard shows. */
import type { ContactMessageStatus } from "~/modules/contact/contact-constants";

export const CONTACT_MESSAGE_STATUS_LABELS: Record<ContactMessageStatus, string> = {
  new: "Ny",
  read: "Läst",
  answered: "Besvarad",
};
