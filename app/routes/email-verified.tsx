import { Link } from "react-router";
import { pageMeta } from "../lib/meta.ts";
import { requestCtx } from "../lib/request.server.ts";
import type { Route } from "./+types/email-verified";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, { title: "Email address", description: "Confirming your email address." }),
    { name: "robots", content: "noindex" },
  ];
}

/** Where an address-confirmation link lands; Better Auth adds ?error= when the link is no good. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = requestCtx(context);
  const error = new URL(request.url).searchParams.get("error");
  const confirmed = !error && (actor.kind === "anonymous" || actor.user.emailVerified);
  return { confirmed, expired: error === "TOKEN_EXPIRED", signedIn: actor.kind !== "anonymous" };
}

export default function EmailVerified({ loaderData }: Route.ComponentProps) {
  const { confirmed, expired, signedIn } = loaderData;
  return (
    <div className="container-page flex justify-center py-12">
      <div className="w-full max-w-md rounded-2xl border border-ink-100 bg-white p-6 shadow-sm sm:p-8">
        {confirmed ? (
          <>
            <h1 className="text-2xl font-bold">Your email address is confirmed</h1>
            <p className="mt-2 text-ink-700">Thank you. We can now help you if you ever forget your password.</p>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold">This link did not work</h1>
            <p className="mt-2 text-ink-700">
              {expired ? "This confirmation link has expired." : "This confirmation link is not valid."} Sign in and ask
              for a new one from your dashboard.
            </p>
          </>
        )}
        <Link to={signedIn ? "/dashboard" : "/login?from=%2Fdashboard"} className="btn-primary mt-6 w-full">
          {signedIn ? "Go to your dashboard" : "Sign in"}
        </Link>
      </div>
    </div>
  );
}
