import { requestCtx } from "../lib/request.server.ts";
import type { Route } from "./+types/robots";

/** Pages that are private to a visitor, or not worth indexing. */
const DISALLOW = ["/dashboard", "/mywishlists", "/buyProducts", "/login", "/register", "/api/"];

/** /robots.txt: crawl everything public; the sitemap lists every page and product. */
export function loader({ context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    ...DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${requestCtx(context).config.publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
