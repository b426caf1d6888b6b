/** How the Users tab shows a member's staff roles. */
import { Badge } from "~/components/ui/badge";
import type { Role } from "~/modules/accounts/accounts-constants";

export const ROLE_LABELS: Record<Role, string> = { admin: "Admin", blog: "Blogg", seo: "SEO" };

export function RoleBadges({ roles }: { roles: readonly Role[] }) {
  if (roles.length === 0) return null;
  return (
    <>
      {roles.map((role) => (
        <Badge key={role} variant="secondary">
          {ROLE_LABELS[role]}
        </Badge>
      ))}
    </>
  );
}
