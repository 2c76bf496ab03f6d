/**
 * The metrics label of a page request: the pattern of the route React Router picks for its path. The
 * labels are worked out once per path shape; they must be the ones React Router's own matching gives
 * for the path itself, on the shop's real route table.
 */
import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import routeConfig from "../../app/routes.ts";
import { pageRoutePatterns } from "../../server/http/page-routes.ts";
import { type ManifestRoute, routeTree } from "../../server/http/route-tree.ts";

type ConfigRoute = { id?: string; file: string; path?: string; index?: boolean; children?: ConfigRoute[] };

/** The server build's manifest as React Router makes it from app/routes.ts (ids default to the file). */
function manifestOf(config: ConfigRoute[]): Record<string, ManifestRoute> {
  const manifest: Record<string, ManifestRoute> = { root: { id: "root", path: "" } };
  const add = (list: ConfigRoute[], parentId: string) => {
    for (const r of list) {
      const id = r.id ?? r.file.replace(/\.tsx?$/, "");
      manifest[id] = { id, parentId, path: r.path, index: r.index };
      if (r.children) add(r.children, id);
    }
  };
  add(config, "root");
  return manifest;
}

const manifest = manifestOf(routeConfig as ConfigRoute[]);

/** What React Router itself matches for the raw path, every time. */
function reference(pathname: string): string {
  const matches = matchRoutes(routeTree(manifest), pathname);
  return matches ? `/${matches.flatMap((m) => m.route.path || []).join("/")}` : "*";
}

const request = (pathname: string) => new Request(`http://shop.test${pathname}`);

describe("pageRoutePatterns", () => {
  const label = pageRoutePatterns(manifest);

  it("names the route pattern, not the address", () => {
    expect(label(request("/product/Xy12abc"))).toBe("/product/:productId");
    expect(label(request("/product"))).toBe("/product");
    expect(label(request("/"))).toBe("/");
    expect(label(request("/dashboard/orders/42"))).toBe("/dashboard/orders/:orderId");
    expect(label(request("/no/such/page"))).toBe("/*");
  });

  it("gives React Router's own answer for every kind of path, asked once or again", () => {
    const paths = [
      "/",
      "/product",
      "/product/",
      "/Product/AbC",
      "/PRODUCT",
      "/product/abc/extra",
      "/product/%70roduct",
      "/%70roduct",
      "/product/a%2Fb",
      "/blogs/product",
      "/blogs/about",
      "/dashboard",
      "/dashboard/",
      "/dashboard/products/new",
      "/dashboard/products",
      "/dashboard/mail/17",
      "/dashboard/nothing-here",
      "/reset-password",
      "/reset-password/token-1",
      "/reset-password/token-1/more",
      "/robots.txt",
      "/sitemap.xml",
      "/home",
      "/checkout/success",
      "/checkout/elsewhere",
      "/buyProducts/p1",
      "/buyproducts/p1",
      "/a/b/c/d/e/f",
      `/${"segment/".repeat(400)}end`,
      `/product/${"p".repeat(5_000)}`,
      "/%E2%82%AC",
      "/product/%00",
      "/%01%1B%7F/product",
    ];
    for (const round of [1, 2]) {
      for (const path of paths) {
        expect({ round, path, label: label(request(path)) }).toEqual({ round, path, label: reference(path) });
      }
    }
  });

  it("keeps answering correctly past the number of shapes it remembers", () => {
    for (let i = 0; i < 2_500; i++) {
      const path = `/${"x/".repeat(i % 7)}product/${i}`;
      expect(label(request(path))).toBe(reference(path));
    }
  });
});
