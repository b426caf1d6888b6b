/** How the Transactions tab shows a trade's parts: status, type, member and level. */
import { TRADE_STATUS } from "~/components/selling/selling-labels";
import { StatusBadge, statusTable } from "~/components/ui/status-badge";
import type { LevelId } from "~/modules/loyalty/loyalty-constants";
import {
  TRADE_TYPE_LABELS,
  type TradeStatus,
  type TradeType,
} from "~/modules/trades/trades-constants";
import { levelById } from "~/modules/loyalty/levels";

const TRADE_TYPE = statusTable<TradeType>(TRADE_TYPE_LABELS, { sale: "info", purchase: "muted" });

export function TradeStatusBadge({ status }: { status: TradeStatus }) {
  return <StatusBadge {...TRADE_STATUS[status]} data-testid="trade-status" />;
}

export function TradeTypeBadge({ type }: { type: TradeType }) {
  return <StatusBadge {...TRADE_TYPE[type]} />;
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
