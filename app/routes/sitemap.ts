import * as catalog from "../../domain/catalog/index.ts";
import * as content from "../../domain/content/index.ts";
import { requestCtx } from "../lib/request.server.ts";
import type { Route } from "./+types/sitemap";

/** Every public page but the help pages (those written are added). The blog articles are the four static ones. */
const PAGES = [
  "/",
  "/product",
  "/about",
  "/contact",
  "/blogs",
  "/blogs/blogDetails1",
  "/blogs/blogDetails2",
  "/blogs/blogDetails3",
  "/blogs/blogDetails4",
  "/storeLocation",
];

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/**
 * /sitemap.xml: the public pages and every product. Only product ids are read (no images, no
 * categories), so it stays quick with a catalogue of tens of thousands.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  const base = ctx.config.publicUrl;
  const products = await catalog.listProductIds(ctx);
  const helpPages = await content.writtenHelpPages(ctx);
  const url = (path: string) => `<url><loc>${escapeXml(base + path)}</loc></url>`;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...[...PAGES, ...helpPages].map(url),
    ...products.map((id) => url(`/product/${encodeURIComponent(id)}`)),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
