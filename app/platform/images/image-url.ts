/** Where a stored image is served in a given width (docs/decisions/019-image-service.md). */
import type { ImageWidth } from "~/constants";

export function imageUrl(imageId: string, width: ImageWidth): string {
  return `/images/${imageId}/${width}.webp`;
}

/** `srcset` for the widths an image was made in. */
export function imageSrcSet(imageId: string, widths: readonly ImageWidth[]): string {
  return widths.map((width) => `${imageUrl(imageId, width)} ${width}w`).join(", ");
}
