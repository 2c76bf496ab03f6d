import { type ImageWidth, imageUrls } from "../../domain/media/urls.ts";

/** Page titles and descriptions: "<page> | <shop name>", with Open Graph twins. */
type Matches = readonly (undefined | { id: string; loaderData?: unknown })[];

export function shopNameFrom(matches: Matches): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { shopName?: string } | undefined;
  return root?.shopName ?? "Vitrine";
}

function publicUrlFrom(matches: Matches): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? "";
}

/** An image's absolute URL, for Open Graph and structured data (under S3_PUBLIC_URL it already is one). */
export function absoluteImageUrl(matches: Matches, imageKey: string, width: ImageWidth): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { mediaBase?: string } | undefined;
  const url = imageUrls(root?.mediaBase).url(imageKey, width);
  return /^https?:\/\//.test(url) ? url : `${publicUrlFrom(matches)}${url}`;
}

export function pageMeta(matches: Matches, page: { title: string; description: string }) {
  const shopName = shopNameFrom(matches);
  const title = `${page.title} | ${shopName}`;
  return [
    { title },
    { name: "description", content: page.description },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:site_name", content: shopName },
  ];
}
