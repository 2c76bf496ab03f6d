import { createContext, createCookie, type MiddlewareFunction } from "react-router";
import type { RequestContext } from "../../server/context.ts";
import { requestContextKey } from "../../server/context.ts";

/** A one-time message carried across a redirect (e.g. 'User Created successfully!'), in a signed cookie. */
export type Flash = { message: string; kind: "success" | "info" | "error" };

const COOKIE = "vitrine_flash";
export const flashContext = createContext<Flash | null>(null);

function cookieFor(secret: string) {
  return createCookie(COOKIE, { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60, secrets: [secret] });
}

/** Headers for a redirect that shows `flash` on the next page. */
export async function withFlash(ctx: RequestContext, flash: Flash, headers = new Headers()): Promise<Headers> {
  headers.append("Set-Cookie", await cookieFor(ctx.config.authSecret).serialize(flash));
  return headers;
}

/** Root middleware: reads a waiting flash for the root loader, then clears it on the response. */
export const flashMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { config } = context.get(requestContextKey);
  const cookie = cookieFor(config.authSecret);
  let value: unknown = null;
  try {
    value = await cookie.parse(request.headers.get("cookie"));
  } catch {
    value = null; // a cookie we cannot read is no flash
  }
  const flash =
    value && typeof (value as Flash).message === "string" && typeof (value as Flash).kind === "string"
      ? (value as Flash)
      : null;
  context.set(flashContext, flash);
  const response = await next();
  const settingNew = response.headers.getSetCookie().some((c) => c.startsWith(`${COOKIE}=`));
  if (flash && !settingNew) response.headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  return response;
};
