import type { RouteObject } from "react-router";

/** A route of React Router's server build manifest (`build.routes`). */
export type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/** The manifest's routes as the nested tree React Router's `matchRoutes` takes (each keeps its manifest id). */
export function routeTree(manifest: Record<string, ManifestRoute | undefined>): RouteObject[] {
  const routes = Object.values(manifest).filter((r) => r !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((r) => r.parentId === parentId)
      .map((r) =>
        r.index
          ? { id: r.id, index: true }
          : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: childrenOf(r.id) },
      );
  return childrenOf(undefined);
}
