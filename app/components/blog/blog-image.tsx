import { useState } from "react";
import { BLOG } from "~/constants";
import { cn } from "~/lib/cn";

interface BlogImageProps {
  src: string;
  fallbackSrc: string;
  alt: string;
  className?: string;
  /** Above the fold: load now and with priority; otherwise lazily. */
  eager?: boolean;
}

/**
 * A post's featured image (1200×630) that swaps to the category image when it fails
 * (docs/rules/blog.md#images). An image that failed before hydration fired its error event too
 * early for React, so the mount effect checks for that too.
 */
export function BlogImage({ src, fallbackSrc, alt, className, eager = false }: BlogImageProps) {
  // Which src failed; a new src gets its own chance.
  const [failed, setFailed] = useState<string | null>(null);
  const current = failed === src ? fallbackSrc : src;

  const fail = () => {
    if (failed !== src) setFailed(src);
  };

  return (
    <img
      ref={(image) => {
        if (image && current === src && image.complete && image.naturalWidth === 0 && image.src) fail();
      }}
      src={current}
      alt={alt}
      width={BLOG.imageWidth}
      height={BLOG.imageHeight}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      onError={fail}
      data-fallback={current === fallbackSrc ? "true" : undefined}
      className={cn("aspect-[1200/630] w-full bg-muted object-cover", className)}
    />
  );
}
