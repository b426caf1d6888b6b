/** The image service's shared side (docs/decisions/019-image-service.md): where an image is served, and its Swedish refusals. */
import { IMAGE_LIMITS, type ImageWidth } from "~/platform/platform-constants";

const MB = 1024 * 1024;

export const IMAGE_MESSAGES = {
  missing: "Välj en bild att ladda upp.",
  notImage: "Filen är ingen bild. Ladda upp en PNG-, JPEG- eller WebP-bild.",
  unreadable: "Bilden gick inte att läsa. Kontrollera filen och försök igen.",
  tooLarge: `Bilden är för stor. Den får vara högst ${IMAGE_LIMITS.maxBytes / MB} MB.`,
  tooManyPixels: `Bilden har för många pixlar. Den får ha högst ${IMAGE_LIMITS.maxPixels / 1_000_000} miljoner pixlar.`,
} as const;

/** Where a stored image is served in a given width. */
export function imageUrl(imageId: string, width: ImageWidth): string {
  return `/images/${imageId}/${width}.webp`;
}
