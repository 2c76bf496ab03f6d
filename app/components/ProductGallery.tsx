import { Link, useSearchParams } from "react-router";
import type { ImageUrls } from "../../domain/media/urls.ts";

export type GalleryImage = { id: string; key: string; width: number; height: number; alt: string };
export type ShownImage = { key: string; width: number; height: number; alt: string };

/** The query parameter that names the gallery image shown (`?image=<id>`): works without JavaScript. */
const IMAGE_PARAM = "image";

/**
 * The image a product page shows: the gallery image named in the address, else the chosen
 * variant's picture (`fallback`).
 */
export function useShownImage(title: string, gallery: GalleryImage[], fallback: ShownImage): ShownImage {
  const [params] = useSearchParams();
  const picked = gallery.find((image) => image.id === params.get(IMAGE_PARAM));
  return picked ? shownAs(picked, title) : fallback;
}

/** A gallery image as the main image shows it: without alt text of its own, the product's title. */
function shownAs(image: GalleryImage, title: string): ShownImage {
  return { key: image.key, width: image.width, height: image.height, alt: image.alt || title };
}

/** The main image, which a thumbnail shows its picture in: its id, and the width its `src` names. */
export const SHOWN_PICTURE = { id: "shown-picture", fallbackWidth: 1200 } as const;

/**
 * The product's other pictures as links under the main image; none when it has only one. Each link
 * carries its picture's files (data-picture-*): on a page without React the page script shows the
 * picture in place — no reload, no history entry — and the link alone still works without scripts.
 */
export function GalleryThumbnails({
  title,
  gallery,
  shownKey,
  images,
}: {
  title: string;
  gallery: GalleryImage[];
  shownKey: string;
  images: ImageUrls;
}) {
  const [params] = useSearchParams();
  if (gallery.length < 2) return null;
  const linkTo = (id: string) => {
    const next = new URLSearchParams(params);
    next.set(IMAGE_PARAM, id);
    return `?${next}`;
  };
  return (
    <ul aria-label={`Pictures of ${title}`} data-gallery-for={SHOWN_PICTURE.id} className="mt-4 flex flex-wrap gap-3">
      {gallery.map((image, i) => {
        const shown = shownAs(image, title);
        return (
          <li key={image.id}>
            <Link
              to={linkTo(image.id)}
              replace
              preventScrollReset
              aria-current={image.key === shownKey ? "true" : undefined}
              data-picture-src={images.url(shown.key, SHOWN_PICTURE.fallbackWidth)}
              data-picture-srcset={images.srcSet(shown.key)}
              data-picture-width={shown.width}
              data-picture-height={shown.height}
              data-picture-alt={shown.alt}
              className="block overflow-hidden rounded-xl border-2 border-transparent aria-[current=true]:border-accent-700 focus-visible:outline-offset-2"
            >
              <img
                src={images.url(image.key, 480)}
                alt={image.alt || `${title}, picture ${i + 1} of ${gallery.length}`}
                width={image.width}
                height={image.height}
                loading="lazy"
                className="size-20 bg-ink-50 object-cover"
              />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
