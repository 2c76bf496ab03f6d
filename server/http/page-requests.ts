import type { MiddlewareHandler } from "hono";
import { matchRoutes, type ServerBuild } from "react-router";
import { routeTree } from "./route-tree.ts";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The page path a pathname is for, also when it is React Router's data request (`/x.data`, `/_.data`, `/_root.data`). */
export function pagePathname(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname || "/";
  const path = pathname.slice(0, -".data".length).replace(/\/_$/, "/");
  return path === "/_root" || path === "" ? "/" : path;
}

/** The page a request is for, with its query (without React Router's `_routes`). */
export function pagePath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return `${pagePathname(url.pathname)}${search ? `?${search}` : ""}`;
}

/**
 * Which page paths take a form post: the route a path leads to has an action. Built once from the
 * React Router build's route table, so that a post to any other page is answered here (405) instead of
 * by React Router, whose answer would name internal route ids.
 */
export function pageActions(build: Pick<ServerBuild, "routes">): (pathname: string, search?: string) => boolean {
  const tree = routeTree(build.routes);
  return (pathname, search = "") => {
    const matches = matchRoutes(tree, pagePathname(pathname)) ?? [];
    // as React Router does: a post goes to an index route only when the URL says `?index`, else to its layout
    const toIndex = new URLSearchParams(search).has("index");
    const target = matches.at(-1)?.route.index && !toIndex ? matches.at(-2) : matches.at(-1);
    const id = target?.route.id;
    return Boolean(id && build.routes[id]?.module.action);
  };
}

/**
 * Pages answer GET and HEAD, and POST for their forms (URL-encoded or multipart, as browsers send
 * them) where the page has a form. Any other method, a post to a page without one, a body of another
 * kind, an address that cannot be decoded or a post from another origin is refused before the page
 * is involved.
 */
export function pageRequests(hasAction: (pathname: string, search: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    const url = new URL(c.req.url);
    try {
      decodeURIComponent(url.pathname);
    } catch {
      return c.text("The address is not valid.", 400);
    }
    if (method === "GET" || method === "HEAD") return next();
    if (method !== "POST" || !hasAction(url.pathname, url.search)) {
      return c.text("This page does not accept that method.", 405, {
        Allow: method === "POST" ? "GET, HEAD" : "GET, HEAD, POST",
      });
    }
    const type = (c.req.header("content-type") ?? "").toLowerCase();
    if (!FORM_TYPES.some((t) => type.startsWith(t))) {
      return c.text("Send the form as application/x-www-form-urlencoded or multipart/form-data.", 415);
    }
    // An empty or malformed Origin is refused too: only a browser on this shop's pages sends its own.
    const origin = c.req.header("origin");
    if (origin !== undefined && origin !== url.origin) {
      return c.text("Forms can only be sent from this shop's own pages.", 403);
    }
    return next();
  };
}
