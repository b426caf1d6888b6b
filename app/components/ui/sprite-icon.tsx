/**
 * An icon drawn from the sprite (scripts/icon-sprite.ts, decision 023): the same <svg> lucide
 * renders (24 × 24, currentColor stroke, width 2, round caps), with one <use> instead of the
 * paths. The stroke settings every icon shares come from the `.lucide` rule in app.css rather
 * than five attributes on each of a page's icons (docs/decisions/041); a different stroke width
 * is an inline style, which that rule cannot override. The sprite file is hashed by the build and cached for a year. Decorative unless given
 * an accessible name (then it is not hidden from screen readers), as lucide's icons are.
 */
import type { SVGProps } from "react";
import spriteUrl from "./icons.svg?url";

export interface SpriteIconProps extends Omit<SVGProps<SVGSVGElement>, "ref"> {
  size?: number | string;
  strokeWidth?: number | string;
  ref?: React.Ref<SVGSVGElement>;
}

export type SpriteIcon = React.FC<SpriteIconProps>;

function hasAccessibleName(props: SpriteIconProps): boolean {
  return Boolean(props.children) || Object.keys(props).some((key) => key.startsWith("aria-") || key === "role" || key === "title");
}

export function spriteIcon(id: string): SpriteIcon {
  function Icon({ size = 24, strokeWidth, className, children, style, ...rest }: SpriteIconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        style={strokeWidth === undefined ? style : { ...style, strokeWidth }}
        className={className ? `lucide ${className}` : "lucide"}
        aria-hidden={hasAccessibleName({ children, ...rest }) ? undefined : "true"}
        {...rest}
      >
        {children}
        <use href={`${spriteUrl}#${id}`} />
      </svg>
    );
  }
  Icon.displayName = id;
  return Icon;
}
