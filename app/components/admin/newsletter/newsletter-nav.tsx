/**
 * The Newsletter tab's sub-navigation (docs/rules/admin.md#newsletter): subscribers, the launch
 * list and campaigns.
 */
import { AdminSubNav } from "~/components/admin/admin-sub-nav";

const LINKS = [
  { to: "/admin/newsletter", label: "Prenumeranter", end: true },
  { to: "/admin/newsletter/lansering", label: "Lanseringslista", end: false },
  { to: "/admin/newsletter/kampanjer", label: "Kampanjer", end: false },
] as const;

export function NewsletterNav() {
  return <AdminSubNav label="Nyhetsbrev" links={LINKS} testId="newsletter-nav" />;
}
