/** Image URLs, safe to use in the browser bundle (no server code here). */
export const IMAGE_WIDTHS = [480, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Where the shop serves stored images itself; `S3_PUBLIC_URL` can point image URLs elsewhere. */
export const MEDIA_PATH = "/media";

/** The stored object that holds one width of an image. */
export function imageFileKey(imageKey: string, width: ImageWidth): string {
  return `${imageKey}-${width}.webp`;
}

export type ImageUrls = {
  /** the public URL of one stored width of an image */
  url: (imageKey: string, width?: ImageWidth) => string;
  /** every width, for `srcset` */
  srcSet: (imageKey: string) => string;
};

/** Image URLs under a public base: the shop's own `/media`, or a CDN's or bucket's address. */
export function imageUrls(base: string = MEDIA_PATH): ImageUrls {
  const root = base.replace(/\/+$/, "");
  const url = (imageKey: string, width: ImageWidth = 480) => `${root}/${imageFileKey(imageKey, width)}`;
  return { url, srcSet: (imageKey) => IMAGE_WIDTHS.map((w) => `${url(imageKey, w)} ${w}w`).join(", ") };
}
