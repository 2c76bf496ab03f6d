import { Form, Link, redirect, useNavigation } from "react-router";
import { signInInput } from "../../domain/accounts/index.ts";
import { DomainError } from "../../domain/shared/errors.ts";
import { parseInput } from "../../domain/shared/validation.ts";
import { DEMO_ACCOUNTS } from "../../seed/demo-accounts.ts";
import { formText } from "../../server/http/forms.ts";
import { Field, Spinner } from "../components/Field.tsx";
import { GoogleButton } from "../components/GoogleButton.tsx";
import { authErrorMessage, callAuth, safeRedirect } from "../lib/auth.server.ts";
import { handleForm } from "../lib/form.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { requestCtx } from "../lib/request.server.ts";
import { withReturnTo } from "../lib/return-to.ts";
import type { Route } from "./+types/login";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, { title: "Sign in", description: "Sign in to your account." }),
    { name: "robots", content: "noindex" },
  ];
}

/** Better Auth's ?error= codes on the way back from Google, as sentences (never the raw code). */
const GOOGLE_ERRORS: Record<string, string> = {
  access_denied: "Google sign-in was cancelled. You can try again or sign in with your email and password.",
  email_not_found: "Your Google account did not share an email address.",
  account_not_linked:
    "An account with this email already exists, and its address is not confirmed yet. Sign in with your password instead; once you have confirmed your address with the link we emailed you (your dashboard can send a new one), Google works too.",
  unable_to_link_account:
    "An account with this email already exists, and Google has not confirmed that the address is yours. Sign in with your password instead.",
  email_not_verified: "Google has not confirmed this email address. Sign in with your password instead.",
  state_mismatch: "Your Google sign-in expired or was started in another tab. Please try again.",
  state_not_found: "Your Google sign-in expired or was started in another tab. Please try again.",
  please_restart_the_process: "Your Google sign-in expired or was started in another tab. Please try again.",
  signup_disabled: "New accounts cannot be created with Google right now.",
  banned_user: "This account has been suspended.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, actor: who } = requestCtx(context);
  const url = new URL(request.url);
  const from = safeRedirect(url.searchParams.get("from"));
  const needsAdmin = url.searchParams.get("reason") === "admin" && who.kind !== "admin";
  if (who.kind !== "anonymous" && !needsAdmin) throw redirect(from);
  const googleError = url.searchParams.get("error");
  return {
    from,
    googleSignIn: Boolean(config.google),
    adminNotice: needsAdmin ? "This page is for shop admins. Sign in with an admin account to open it." : null,
    googleError: googleError
      ? (GOOGLE_ERRORS[googleError.toLowerCase()] ?? "Google sign-in did not work. Please try again.")
      : null,
    demoAccounts: config.demoMode ? DEMO_ACCOUNTS.map(({ email, password, role }) => ({ email, password, role })) : [],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  const base = ctx.config.publicUrl;
  return handleForm(request, {
    run: async (values) => {
      const from = safeRedirect(formText(values, "from"));
      if (formText(values, "intent") === "google") {
        // Better Auth 1.7 runs generic OAuth providers through its social sign-in endpoint; the
        // provider comes back to /api/auth/callback/google, which redirects to callbackURL.
        const result = await callAuth(ctx, request, "/sign-in/social", {
          provider: "google",
          callbackURL: `${base}${from}`,
          errorCallbackURL: `${base}/login?from=${encodeURIComponent(from)}`,
          newUserCallbackURL: `${base}${from}`,
        });
        if (!result.ok || typeof result.body.url !== "string") {
          throw new DomainError("upstream_failed", "Google sign-in is not available right now.");
        }
        throw redirect(result.body.url, { headers: result.headers });
      }
      const input = parseInput(signInInput, values);
      const result = await callAuth(ctx, request, "/sign-in/email", { ...input, rememberMe: true });
      if (!result.ok) {
        throw new DomainError(result.status === 429 ? "rate_limited" : "unauthenticated", authErrorMessage(result));
      }
      throw redirect(from, { headers: result.headers });
    },
  });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { from, googleSignIn, googleError, demoAccounts, adminNotice } = loaderData;
  const navigation = useNavigation();
  const signingIn =
    navigation.state !== "idle" &&
    navigation.formAction?.startsWith("/login") &&
    navigation.formData?.get("intent") !== "google";
  const failed = actionData && !actionData.ok ? actionData : null;
  const error = (failed && Object.keys(failed.fields).length === 0 ? failed.message : "") || googleError;
  return (
    <div className="container-page flex justify-center py-12">
      <div className="w-full max-w-md rounded-2xl border border-ink-100 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">Sign in</h1>
        <p className="mt-1 text-ink-600">Welcome back. Sign in to order, keep a wishlist and follow your orders.</p>
        {adminNotice && (
          <p
            role="status"
            className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
          >
            {adminNotice}
          </p>
        )}
        {error && (
          <p
            role="alert"
            className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
          >
            {error}
          </p>
        )}
        {googleSignIn && (
          <div className="mt-6">
            <GoogleButton from={from} />
            <p className="my-4 flex items-center gap-3 text-xs uppercase tracking-wider text-ink-500 before:h-px before:flex-1 before:bg-ink-200 after:h-px after:flex-1 after:bg-ink-200">
              or
            </p>
          </div>
        )}
        <Form method="post" className="mt-6 space-y-4" noValidate>
          <input type="hidden" name="from" value={from} />
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={failed?.values.email}
            error={failed?.fields.email}
          />
          <div>
            <Field
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              error={failed?.fields.password}
            />
            <p className="mt-2 text-right text-sm">
              <Link to="/forgot-password" className="font-semibold text-accent-700 hover:underline">
                Forgot password?
              </Link>
            </p>
          </div>
          <button type="submit" className="btn-primary w-full" disabled={signingIn}>
            {signingIn && <Spinner />}
            {signingIn ? "Signing in…" : "Sign In"}
          </button>
        </Form>
        <p className="mt-6 text-center text-sm text-ink-700">
          New here?{" "}
          <Link to={withReturnTo("/register", from)} className="font-semibold text-accent-700 hover:underline">
            Create an Account
          </Link>
        </p>
        {demoAccounts.length > 0 && (
          <aside aria-label="Demo accounts" className="mt-6 rounded-lg bg-ink-50 p-4 text-sm text-ink-700">
            <p className="font-semibold text-ink-900">Demo shop — try these accounts:</p>
            <ul className="mt-2 space-y-1">
              {demoAccounts.map((a) => (
                <li key={a.email}>
                  {a.role === "admin" ? "Admin" : "Customer"}: <code>{a.email}</code> / <code>{a.password}</code>
                </li>
              ))}
            </ul>
          </aside>
        )}
      </div>
    </div>
  );
}
