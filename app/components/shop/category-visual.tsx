import { Crown, Gamepad2, Headset, Package, Trophy, Zap, type LucideIcon } from "~/components/ui/icons";
import type { ShopCategory } from "~/modules/shop/shop-constants";
import { cn } from "~/lib/cn";

/** Each category's icon and tint, for the picture of an item staff gave no image. */
const VISUALS: Record<ShopCategory, { Icon: LucideIcon; tint: string }> = {
  gaming: { Icon: Gamepad2, tint: "from-sky-600 to-indigo-800" },
  events: { Icon: Trophy, tint: "from-rose-600 to-fuchsia-800" },
  bonus: { Icon: Zap, tint: "from-orange-500 to-amber-700" },
  service: { Icon: Headset, tint: "from-emerald-600 to-teal-800" },
  vip: { Icon: Crown, tint: "from-violet-600 to-purple-900" },
  other: { Icon: Package, tint: "from-slate-500 to-slate-800" },
};

/** The item's picture: the image staff uploaded, else its category's icon on the category's tint. */
export function ItemPicture({
  category,
  imageUrl,
  className,
}: {
  category: ShopCategory;
  imageUrl: string | null;
  className?: string;
}) {
  if (imageUrl) {
    return (
      <img
        src={imageUrl}
        alt=""
        loading="lazy"
        decoding="async"
        width={640}
        height={256}
        className={cn("aspect-[5/2] w-full object-cover", className)}
      />
    );
  }
  const { Icon, tint } = VISUALS[category] ?? VISUALS.other;
  return (
    <div
      aria-hidden="true"
      className={cn(
        "relative flex aspect-[5/2] w-full items-center justify-center overflow-hidden bg-gradient-to-br",
        tint,
        className,
      )}
    >
      <div className="absolute -right-6 -bottom-8 size-32 rounded-full bg-white/10" />
      <div className="absolute -top-10 -left-8 size-28 rounded-full bg-black/10" />
      <Icon className="relative size-12 text-white/90 drop-shadow" strokeWidth={1.5} />
    </div>
  );
}
