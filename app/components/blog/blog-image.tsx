import { useState } from "react";
import { BLOG } from "~/modules/blog/blog-constants";
import { cn } from "~/lib/cn";
import { blogImageSrcSet } from "~/modules/blog/blog";

/** How wide each place shows a featured image, for the browser's pick from `srcset`. */
const BLOG_IMAGE_SIZES = {
  card: "(min-width: 768px) 400px, (min-width: 640px) 50vw, 100vw",
  thumbnail: "80px",
  post: "(min-width: 1024px) 1024px, 100vw",
} as const;

interface BlogImageProps {
  src: string;
  fallbackSrc: string;
  alt: string;
  className?: string;
  /** Above the fold: load now and with priority; otherwise lazily. */
  eager?: boolean;
  /** Where it is shown: picks the `sizes` that go with its `srcset`. */
  place: keyof typeof BLOG_IMAGE_SIZES;
}

/**
 * A post's featured image (1200×630) that swaps to the category image when it fails
 * (docs/rules/blog.md#images). An image that failed before hydration fired its error event too
 * early for React, so the mount effect checks for that too.
 */
export function BlogImage({ src, fallbackSrc, alt, className, eager = false, place }: BlogImageProps) {
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
      srcSet={blogImageSrcSet(current)}
      sizes={BLOG_IMAGE_SIZES[place]}
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
