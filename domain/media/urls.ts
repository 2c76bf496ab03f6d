/** Image URLs, safe to use in the browser bundle (no server code here). */
export const IMAGE_WIDTHS = [480, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Public URL of one stored width of an image. */
export function imageUrl(imageKey: string, width: ImageWidth = 480): string {
  return `/media/${imageKey}-${width}.webp`;
}

export function imageSrcSet(imageKey: string): string {
  return IMAGE_WIDTHS.map((w) => `${imageUrl(imageKey, w)} ${w}w`).join(", ");
}
