/** How the Transactions tab shows a trade's parts: status, type, member and level. */
import { Badge } from "~/components/ui/badge";
import type { LevelId } from "~/modules/loyalty/loyalty-constants";
import {
  TRADE_STATUS_LABELS,
  TRADE_TYPE_LABELS,
  type TradeStatus,
  type TradeType,
} from "~/modules/trades/trades-constants";
import { levelById } from "~/modules/loyalty/levels";

const STATUS_VARIANT: Record<TradeStatus, "success" | "secondary" | "outline" | "destructive"> = {
  pending: "outline",
  completed: "success",
  reversed: "secondary",
  cancelled: "destructive",
};

export function TradeStatusBadge({ status }: { status: TradeStatus }) {
  return (
    <Badge variant={STATUS_VARIANT[status]} data-testid="trade-status">
      {TRADE_STATUS_LABELS[status]}
    </Badge>
  );
}

export function TradeTypeBadge({ type }: { type: TradeType }) {
  return <Badge variant={type === "sale" ? "default" : "secondary"}>{TRADE_TYPE_LABELS[type]}</Badge>;
}

export function LevelBadge({ level }: { level: LevelId }) {
  const definition = levelById(level);
  return (
    <span className="inline-flex items-center gap-1.5 rounded-md border px-2 py-0.5 text-xs font-semibold">
      <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: definition.color }} />
      {definition.name}
    </span>
  );
}

/** Name first; the email, or the Steam id for a Steam account without a real address. */
export function MemberLabel({ name, email, steamId }: { name: string | null; email: string | null; steamId: string | null }) {
  const secondary = email ?? (steamId ? `Steam ${steamId}` : null);
  return (
    <span className="grid min-w-0">
      <span className="truncate font-medium">{name ?? email ?? "Namnlös medlem"}</span>
      {secondary && name ? <span className="truncate text-xs text-muted-foreground">{secondary}</span> : null}
    </span>
  );
}
