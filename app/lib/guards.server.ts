import type { MiddlewareFunction } from "react-router";
import { requestContextKey } from "../../server/context.ts";
import { requireAdminPage, requireSignedIn } from "./request.server.ts";

/** Route middleware: the pages below need a signed-in user (checked before any loader or action runs). */
export const signedInOnly: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  requireSignedIn(context.get(requestContextKey), request);
  return next();
};

/** Route middleware: the pages below need an admin; anyone else goes to sign in. */
export const adminOnly: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  requireAdminPage(context.get(requestContextKey), request);
  return next();
};
