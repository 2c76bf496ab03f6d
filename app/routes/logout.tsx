import { redirect } from "react-router";
import { safeRedirect } from "../lib/auth.server.ts";
import { shop } from "../lib/request.server.ts";
import type { Route } from "./+types/logout";

/** Signs out and goes back where the visitor was (the dashboard menu sends them to /). */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = shop(context);
  const form = await request.formData();
  const to = String(form.get("redirectTo") ?? "/");
  const safe = safeRedirect(to);
  const out = new Headers();
  try {
    const { headers } = await services.auth.api.signOut({ headers: request.headers, returnHeaders: true });
    for (const cookie of headers.getSetCookie()) out.append("Set-Cookie", cookie);
  } catch {
    // no session to end: already signed out
  }
  return redirect(safe.startsWith("/dashboard") ? "/" : safe, { headers: out });
}

export function loader() {
  return redirect("/");
}
