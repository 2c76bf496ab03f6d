import { createContext, createCookie, type MiddlewareFunction } from "react-router";
import { requestContext } from "../context.ts";

/** A one-time message carried across a redirect (e.g. 'User Created successfully!'), in a signed cookie. */
export type Flash = { message: string; kind: "success" | "info" | "error" };

const COOKIE = "vitrine_flash";
export const flashContext = createContext<Flash | null>(null);

function cookieFor(secret: string) {
  return createCookie(COOKIE, { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60, secrets: [secret] });
}

type Ctx = { get: (key: typeof requestContext) => import("../context.ts").RequestContext };

/** Headers for a redirect that shows `flash` on the next page. */
export async function withFlash(context: Ctx, flash: Flash, headers = new Headers()): Promise<Headers> {
  const { services } = context.get(requestContext);
  headers.append("Set-Cookie", await cookieFor(services.config.authSecret).serialize(flash));
  return headers;
}

/** Root middleware: reads a waiting flash for the root loader, then clears it on the response. */
export const flashMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { services } = context.get(requestContext);
  const cookie = cookieFor(services.config.authSecret);
  const value = (await cookie.parse(request.headers.get("cookie"))) as Flash | null;
  const flash = value && typeof value.message === "string" ? value : null;
  context.set(flashContext, flash);
  const response = await next();
  const settingNew = response.headers.getSetCookie().some((c) => c.startsWith(`${COOKIE}=`));
  if (flash && !settingNew) response.headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  return response;
};
