import { redirect } from "react-router";
import { formText } from "../../server/http/forms.ts";
import { safeRedirect } from "../lib/auth.server.ts";
import { handleForm } from "../lib/form.server.ts";
import { requestCtx } from "../lib/request.server.ts";
import type { Route } from "./+types/logout";

/** Signs out and goes back where the visitor was (the dashboard menu sends them to /). */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = requestCtx(context);
  return handleForm(request, {
    run: async (values) => {
      const to = safeRedirect(formText(values, "redirectTo"));
      const out = new Headers();
      try {
        const { headers } = await services.auth.api.signOut({ headers: request.headers, returnHeaders: true });
        for (const cookie of headers.getSetCookie()) out.append("Set-Cookie", cookie);
      } catch {
        // no session to end: already signed out
      }
      throw redirect(to.startsWith("/dashboard") ? "/" : to, { headers: out });
    },
  });
}

export function loader() {
  return redirect("/");
}
