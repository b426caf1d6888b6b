import { Crown, Gem, Shield, Star } from "~/components/ui/icons";
import type { LevelDefinition } from "~/modules/loyalty/loyalty-constants";
import { cn } from "~/lib/cn";

const LEVEL_ICONS = { Shield, Star, Crown, Gem } as const;

/**
 * A VIP level in its brand colour with its icon. The colour tints the border, background and
 * icon; the name stays in the text colour, so it reads in both themes whatever the level's hue
 * (gold on white would not).
 */
export function LevelBadge({
  level,
  size = "md",
  className,
}: {
  level: Pick<LevelDefinition, "id" | "name" | "color" | "icon">;
  size?: "sm" | "md" | "lg";
  className?: string;
}) {
  const Icon = LEVEL_ICONS[level.icon];
  return (
    <span
      data-testid="level-badge"
      data-level={level.id}
      className={cn(
        "inline-flex w-fit items-center gap-1.5 rounded-full border font-semibold whitespace-nowrap",
        size === "sm" && "px-2 py-0.5 text-xs",
        size === "md" && "px-2.5 py-1 text-sm",
        size === "lg" && "px-3 py-1.5 text-base",
        className,
      )}
      style={{
        borderColor: `color-mix(in oklch, ${level.color} 55%, transparent)`,
        backgroundColor: `color-mix(in oklch, ${level.color} 14%, transparent)`,
      }}
    >
      <Icon
        aria-hidden="true"
        className={cn(size === "sm" ? "size-3.5" : size === "md" ? "size-4" : "size-5")}
        style={{ color: level.color }}
      />
      {level.name}
    </span>
  );
}
