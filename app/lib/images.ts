import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import { type ImageUrls, imageUrls } from "../../domain/media/urls.ts";

/** Image URLs under the shop's media base (its own /media, or S3_PUBLIC_URL), which the root loader hands down. */
export function useImageUrls(): ImageUrls {
  const base = (useRouteLoaderData("root") as { mediaBase?: string } | undefined)?.mediaBase;
  return useMemo(() => imageUrls(base), [base]);
}
