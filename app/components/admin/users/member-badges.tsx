/** How the Users tab shows a member's staff roles. */
import { StatusBadge } from "~/components/ui/status-badge";
import type { Role } from "~/modules/accounts/accounts-constants";

export const ROLE_LABELS: Record<Role, string> = { admin: "Admin", blog: "Blogg", seo: "SEO" };

export function RoleBadges({ roles }: { roles: readonly Role[] }) {
  if (roles.length === 0) return null;
  return (
    <>
      {roles.map((role) => (
        <StatusBadge key={role} label={ROLE_LABELS[role]} tone="muted" />
      ))}
    </>
  );
}
