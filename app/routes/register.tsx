import { Form, Link, redirect, useNavigation } from "react-router";
import { registrationInput } from "../../domain/accounts/index.ts";
import { DomainError } from "../../domain/shared/errors.ts";
import { formText } from "../../server/http/forms.ts";
import { Field, Spinner } from "../components/Field.tsx";
import { ErrorSummary } from "../components/FormErrors.tsx";
import { GoogleButton } from "../components/GoogleButton.tsx";
import { authErrorMessage, callAuth, safeRedirect } from "../lib/auth.server.ts";
import { withFlash } from "../lib/flash.server.ts";
import { handleForm } from "../lib/form.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { requestCtx } from "../lib/request.server.ts";
import { withReturnTo } from "../lib/return-to.ts";
import type { Route } from "./+types/register";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, { title: "Sign Up", description: "Create your account." }),
    { name: "robots", content: "noindex" },
  ];
}

/** Where the new customer goes once signed up: `?from=` (checkout, say, through the sign-in page's link), else home. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, actor } = requestCtx(context);
  const from = safeRedirect(new URL(request.url).searchParams.get("from"));
  if (actor.kind !== "anonymous") throw redirect(from);
  return { from, googleSignIn: Boolean(config.google) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  return handleForm(request, {
    schema: registrationInput,
    run: async ({ name, email, password }, form) => {
      const result = await callAuth(ctx, request, "/sign-up/email", { name, email, password });
      if (!result.ok) {
        const message = authErrorMessage(result);
        if (result.error?.code.startsWith("USER_ALREADY_EXISTS")) {
          throw new DomainError("conflict", message, { email: message });
        }
        throw new DomainError(result.status === 429 ? "rate_limited" : "bad_request", message);
      }
      throw redirect(safeRedirect(formText(form.values, "from")), {
        headers: await withFlash(ctx, { message: "User Created successfully!", kind: "success" }, result.headers),
      });
    },
  });
}

/** The form's fields by name, in its order (also for the error summary's links). */
const REGISTER_LABELS = {
  name: "Your Name",
  email: "Your Email",
  password: "Your Password",
  confirmPassword: "ReType Your Password",
} as const;

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/register";
  const failed = actionData && !actionData.ok ? actionData : null;
  const f = failed?.fields ?? {};
  return (
    <div className="container-page flex justify-center py-12">
      <div className="w-full max-w-md rounded-2xl border border-ink-100 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">Sign Up</h1>
        <p className="mt-1 text-ink-600">One account for orders, your wishlist and reviews.</p>
        <ErrorSummary failure={failed} labels={REGISTER_LABELS} className="mt-4 text-sm" />
        {loaderData.googleSignIn && (
          <div className="mt-6">
            <GoogleButton from={loaderData.from} />
            <p className="my-4 flex items-center gap-3 text-xs uppercase tracking-wider text-ink-500 before:h-px before:flex-1 before:bg-ink-200 after:h-px after:flex-1 after:bg-ink-200">
              or
            </p>
          </div>
        )}
        <Form method="post" className="mt-6 space-y-4" noValidate>
          <input type="hidden" name="from" value={loaderData.from} />
          <Field
            label={REGISTER_LABELS.name}
            name="name"
            autoComplete="name"
            required
            defaultValue={failed?.values.name}
            error={f.name}
          />
          <Field
            label={REGISTER_LABELS.email}
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={failed?.values.email}
            error={f.email}
          />
          <Field
            label={REGISTER_LABELS.password}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            error={f.password}
          />
          <Field
            label={REGISTER_LABELS.confirmPassword}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            error={f.confirmPassword}
          />
          <p className="text-xs text-ink-600">At least 8 characters, mixing letters with numbers or symbols.</p>
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy && <Spinner />}
            {busy ? "Creating your account…" : "Sign Up"}
          </button>
        </Form>
        <p className="mt-6 text-center text-sm text-ink-700">
          Already have an account?{" "}
          <Link to={withReturnTo("/login", loaderData.from)} className="font-semibold text-accent-700 hover:underline">
            Sign in
          </Link>
        </p>
      </div>
    </div>
  );
}
