import type { ImgHTMLAttributes } from "react";
import type { ImageWidth } from "../../domain/media/urls.ts";
import { useImageUrls } from "../lib/images.ts";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet"> & {
  /** the image's key in the media store */
  imageKey: string;
  /** the width `src` names, for browsers that ignore `srcset` (the store's default otherwise) */
  fallbackWidth?: ImageWidth;
  /** which width the image is shown at: the browser picks the file from `srcset` by it */
  sizes: string;
  alt: string;
};

/** An image from the media store, offered in every width the store keeps. */
export function StoredImage({ imageKey, fallbackWidth, alt, ...rest }: Props) {
  const images = useImageUrls();
  return <img src={images.url(imageKey, fallbackWidth)} srcSet={images.srcSet(imageKey)} alt={alt} {...rest} />;
}
