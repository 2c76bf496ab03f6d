import { matchRoutes, type RouteObject } from "react-router";
import { pagePath } from "../../app/lib/request.server.ts";

/** A route of React Router's server build manifest (`build.routes`). */
type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean };

/**
 * The pattern of the page a request is for (`/product/:productId`, `/*` for the not-found page),
 * from the server build's route manifest: a metrics label with a bounded number of values.
 */
export function pageRoutePatterns(manifest: Record<string, ManifestRoute | undefined>): (request: Request) => string {
  const routes = Object.values(manifest).filter((r) => r !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((r) => r.parentId === parentId)
      .map((r) => (r.index ? { id: r.id, index: true } : { id: r.id, path: r.path, children: childrenOf(r.id) }));
  const tree = childrenOf(undefined);
  return (request) => {
    const path = new URL(pagePath(request), "http://page").pathname;
    const matches = matchRoutes(tree, path);
    if (!matches) return "*";
    const segments = matches.map((m) => m.route.path).filter((p): p is string => Boolean(p));
    return `/${segments.join("/")}`;
  };
}
